// Fits the few antd helpers that the page's Content-Security-Policy would refuse, in every build
// (the remote-kit preset applies it to the files named in EDITS). The policy lets in a <style> only
// with the page's nonce and never a style attribute set from markup or setAttribute; antd hands its
// ConfigProvider's nonce to its CSS-in-JS, but:
// - @rc-component/util's injectCSS (Dom/dynamicCSS.js), and @ant-design/icons' copy of it
//   (cssUtils.js), are also called without a nonce: the scroll lock of every Modal and Drawer
//   (@rc-component/portal's useScrollLocker), the scrollbar measure of every Table and dialog
//   (getScrollBarSize), known upstream (ant-design/ant-design#58150, react-component/portal#35); and
//   the icons' style in a remote, which bundles @ant-design/icons with a context of its own that the
//   host's ConfigProvider never reaches. There a call that names no nonce takes the page's:
//   index.html's <meta property="csp-nonce">, read as shared/src/csp-nonce.ts reads it (not
//   imported: a module of ours inside every shared antd component's chunk group leaves a small chunk
//   of its own in each).
// - @rc-component/input's calculateNodeHeight (every TextArea with autoSize) styles its hidden
//   measuring textarea with setAttribute('style'): refused, the textarea shows, focusable under
//   aria-hidden. The same text set through the CSSOM (style.cssText) is not inline markup and passes.
// - @ant-design/icons writes its own rules (`.anticon`) into a <style> when a remote's first icon
//   draws: the remote's copy has a context of its own, which the host's `zeroRuntime` never reaches.
//   The portal's built stylesheet (design §3 "Styles and the first draw") has those rules, with
//   antd's variables on <html>: where they are, the icons write nothing.
// A file no longer written as expected fails the build, naming this loader.
const NONCE_FROM_PAGE = {
  find: /(export )?function injectCSS\(css, option = \{\}\) \{/,
  replace: (start) => `${start}
  if (!option.csp?.nonce) option = { ...option, csp: { ...option.csp, nonce: pageCspNonce() } };`,
  append: `
function pageCspNonce() {
  const nonce = typeof document === 'undefined' ? undefined : document.querySelector('meta[property="csp-nonce"]')?.nonce;
  return nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined;
}
`,
};

const ICONS_STYLED_BY_PAGE = {
  find: /export function updateCSS\(css, key, originOption = \{\}\) \{/,
  replace: (start) => `${start}
  if (key === '@ant-design-icons' && iconsStyledByPage()) return null;`,
  append: `
let pageStylesIcons = false;
function iconsStyledByPage() {
  if (!pageStylesIcons && typeof document !== 'undefined') pageStylesIcons = getComputedStyle(document.documentElement).getPropertyValue('--ant-font-family') !== '';
  return pageStylesIcons;
}
`,
};

const EDITS = [
  { file: /@rc-component[\\/]util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/, changes: [NONCE_FROM_PAGE] },
  { file: /@ant-design[\\/]icons[\\/]es[\\/]cssUtils\.js$/, changes: [NONCE_FROM_PAGE, ICONS_STYLED_BY_PAGE] },
  {
    file: /@rc-component[\\/]input[\\/]es[\\/]calculateNodeHeight\.js$/,
    changes: [{ find: /hiddenTextarea\.setAttribute\('style', (`[^`]*`)\);/, replace: (_all, text) => `hiddenTextarea.style.cssText = ${text};`, append: '' }],
  },
];

module.exports = function cspLoader(source) {
  const edit = EDITS.find((e) => e.file.test(this.resourcePath.replace(/\\/g, '/')));
  if (!edit) throw new Error(`${this.resourcePath}: @portal/remote-kit/csp-loader.cjs has no edit for this file`);
  let out = source;
  for (const change of edit.changes) {
    if (!change.find.test(out)) throw new Error(`${this.resourcePath} is no longer written as ${change.find}; update @portal/remote-kit/csp-loader.cjs`);
    out = out.replace(change.find, change.replace) + change.append;
  }
  return out;
};
