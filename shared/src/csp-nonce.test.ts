/** csp-nonce.ts as a fresh page would load it, with index.html's meta holding `nonce` as the browser exposes it. */
function loadWithMeta(nonce: string | undefined): typeof import('./csp-nonce') {
  document.head.innerHTML = '';
  if (nonce !== undefined) {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    // Browsers expose it as the element's `nonce` property (and hide the attribute); jsdom has no such property.
    Object.defineProperty(meta, 'nonce', { value: nonce });
    document.head.appendChild(meta);
  }
  let loaded: typeof import('./csp-nonce') | undefined;
  jest.isolateModules(() => { loaded = jest.requireActual<typeof import('./csp-nonce')>('./csp-nonce'); });
  return loaded!;
}

describe('the page nonce', () => {
  test('is the one the server wrote into index.html, for antd and the host\'s styles alike', () => {
    const { cspNonce, antdCsp } = loadWithMeta('c2VydmVkIG5vbmNl');
    expect(cspNonce).toBe('c2VydmVkIG5vbmNl');
    expect(antdCsp).toEqual({ nonce: 'c2VydmVkIG5vbmNl' });
  });

  test('is none on a page the server did not fill in (the placeholder) or without the meta', () => {
    expect(loadWithMeta('__CSP_NONCE__').cspNonce).toBeUndefined();
    expect(loadWithMeta(undefined).cspNonce).toBeUndefined();
  });
});
