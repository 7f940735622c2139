// Gives the <style> tags that antd's helpers make outside its CSS-in-JS the page's CSP nonce, in
// every build (rspack.config.base.ts applies it to @rc-component/util's Dom/dynamicCSS.js and to
// @ant-design/icons' cssUtils.js, its copy of the same code). antd hands its ConfigProvider's nonce
// to its CSS-in-JS, but these are also called without one: the scroll lock of every Modal and
// Drawer (@rc-component/portal's useScrollLocker), the scrollbar measure of every Table and dialog
// (getScrollBarSize), known upstream (ant-design/ant-design#58150, react-component/portal#35); and
// the icons' style in a remote, which bundles @ant-design/icons with a context of its own that the
// host's ConfigProvider never reaches. Under the page's Content-Security-Policy those are refused
// and reported. Every such tag is made by injectCSS, so there a call that names no nonce takes the
// page's: index.html's <meta property="csp-nonce">, read as host/src/app/csp-nonce.ts reads it (not
// imported: a host module inside every shared antd component's chunk group leaves a small chunk of
// its own in each, and a remote cannot import the host). It fails the build if injectCSS is no
// longer written so.
const SIGNATURE = /(export )?function injectCSS\(css, option = \{\}\) \{/;

module.exports = function dynamicCssNonce(source) {
  if (!SIGNATURE.test(source)) {
    throw new Error(`${this.resourcePath}: injectCSS is no longer written as ${SIGNATURE}; update host/dynamic-css-nonce-loader.cjs`);
  }
  return `${source.replace(SIGNATURE, (start) => `${start}
  if (!option.csp?.nonce) option = { ...option, csp: { ...option.csp, nonce: pageCspNonce() } };`)}
function pageCspNonce() {
  const nonce = typeof document === 'undefined' ? undefined : document.querySelector('meta[property="csp-nonce"]')?.nonce;
  return nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined;
}
`;
};
