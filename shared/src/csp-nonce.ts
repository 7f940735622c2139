// The nonce the server gave this page (api/src/plugins/portal-static.ts writes it into index.html's
// <meta property="csp-nonce"> and into the page's Content-Security-Policy). Every <style> the page
// adds at run time must carry it, or the policy refuses it: antd's CSS-in-JS (ConfigProvider's
// `csp`, the host's cabinet), every <style> element a screen renders (`<style nonce={cspNonce}>`, in
// the host and in a remote alike), rc-component's (remote-kit/csp-loader.cjs).
// Read from the element's `nonce` property: browsers hide the attribute's value once the policy
// applies. A page served by anything that does not fill the nonce in (a development server, which
// sends no policy either) still says the placeholder: then there is none.
const PLACEHOLDER = '__CSP_NONCE__';

function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

export const cspNonce: string | undefined = pageNonce();

/** ConfigProvider's `csp`: one object for the page, so the provider's context never changes. */
export const antdCsp = { nonce: cspNonce };
