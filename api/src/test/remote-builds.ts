// Test support (not a test): a remote's built folder as the build writes it (mf-manifest.json with
// metaData.portal, remoteEntry.js, a hashed chunk with its .gz), a built portal folder around such
// remotes, and a folder as the gzip tar a release upload sends.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { create } from 'tar';
import { hostContract } from '../lib/releases/host-contract';

type Role = 'dealer' | 'manager' | 'admin';

export interface RemoteBuildOptions {
  /** metaData.portal overrides (name, contractVersion, shared, menu, ...); `undefined` values remove the field. */
  portal?: Record<string, unknown>;
  /** Manifest fields on top (name, id, ...). */
  manifest?: Record<string, unknown>;
  roles?: Role[];
  /** Text that makes this build's bytes differ from another's. */
  text?: string;
  /** Files named by the manifest but not written. */
  omit?: string[];
}

/** The host's contract as the API reads it from the repository, and a range that it satisfies. */
export const HOST = hostContract(undefined);
export const reactRange = () => `^${HOST.provided('react')!.split('.')[0]}.0.0`;

export const CHUNK = 'static/js/module.3f2a1b9c.js';

/** Writes a remote's build into `dir`; answers `dir`. */
export function writeRemoteBuild(dir: string, name: string, options: RemoteBuildOptions = {}): string {
  const roles = options.roles ?? ['dealer', 'manager', 'admin'];
  const portal: Record<string, unknown> = {
    name,
    contractVersion: HOST.contractVersion,
    version: '1.0.0',
    gitSha: 'abcdef1',
    menu: [{ key: `${name}-home`, label: { ru: `Раздел ${name}`, en: `Area ${name}` }, path: '', roles }],
    shared: { react: reactRange() },
  };
  for (const [key, value] of Object.entries(options.portal ?? {})) {
    if (value === undefined) delete portal[key];
    else portal[key] = value;
  }
  const manifest = {
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, globalName: name, publicPath: 'auto', portal },
    shared: [{ id: `${name}:react`, name: 'react', version: '19.0.0', singleton: true, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
    remotes: [],
    exposes: [{ id: `${name}:module`, name: 'module', path: './module', assets: { js: { sync: [CHUNK], async: [] }, css: { sync: [], async: [] } } }],
    ...options.manifest,
  };
  const files: Record<string, string | Buffer> = {
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js': `var ${name.replace(/-/g, '_')} = ${JSON.stringify(options.text ?? 'first')};`,
    [CHUNK]: `export const screen = ${JSON.stringify(`${name} ${'экран '.repeat(300)}`)};`,
  };
  files[`${CHUNK}.gz`] = gzipSync(files[CHUNK]);
  for (const [file, content] of Object.entries(files)) {
    if (options.omit?.includes(file)) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** The page as host/index.html writes its placeholders. */
export const PAGE = '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__">'
  + '<script type="application/json" id="portal-registry" nonce="__CSP_NONCE__">__PORTAL_REGISTRY__</script>__PORTAL_PRELOAD__'
  + '</head><body><div id="root"></div><script nonce="__CSP_NONCE__">window.early = 1;</script></body></html>';

/** A built portal in `dist`: the page, the seed registry and each remote's build. */
export function writePortalDist(dist: string, remotes: Array<{ name: string } & RemoteBuildOptions>): void {
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify({
    remotes: remotes.map((r) => ({ name: r.name, entry: `/remotes/${r.name}/mf-manifest.json`, basePath: `/${r.name}` })),
  }));
  for (const remote of remotes) writeRemoteBuild(path.join(dist, 'remotes', remote.name), remote.name, remote);
}

/** A folder's contents as a release upload: a gzip tar with them at its root. */
export async function tarGz(dir: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = create({ gzip: true, cwd: dir }, readdirSync(dir));
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
