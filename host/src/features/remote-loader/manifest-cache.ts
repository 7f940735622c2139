// The manifests the host has already read to draw the menu (design §3). The federation runtime
// asks for the same mf-manifest.json when the remote's area opens; the runtime plugin answers from
// here, so opening an area costs no second round trip for the manifest.
const manifests = new Map<string, unknown>();

const absolute = (url: string) => new URL(url, globalThis.location?.href ?? 'http://localhost/').href;

export function rememberManifest(url: string, manifest: unknown) {
  manifests.set(absolute(url), manifest);
}

export function forgetManifest(url: string) {
  manifests.delete(absolute(url));
}

export function rememberedManifest(url: string): unknown {
  return manifests.get(absolute(url));
}
