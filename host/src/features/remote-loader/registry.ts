// The run-time registry of remotes (design §3): read at every page load; each remote's menu and
// contract version read from its mf-manifest.json (JSON, no code); a remote's `./module` loaded
// through the Module Federation runtime only when its area opens, and checked against our contract.
// The runtime is given the remoteEntry the manifest names, not the manifest: the host has read the
// manifest already, so the runtime needs no manifest (snapshot) code and makes no second request.
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { apiClient, CONTRACT_VERSION, type MenuEntry, type RemoteMetaData, type RemoteModule, type Role } from '@portal/shared';

export interface RegistryEntry {
  name: string;
  entry: string;
  basePath: string;
  /**
   * Deployment data: the roles any of the remote's menu entries is for. When given, the page of a
   * user of another role reads nothing of the remote, not even its manifest (a dealer's browser
   * requests no file of a staff remote); the menu's own roles still decide the entries.
   */
  roles?: Role[];
}

const ROLE_NAMES: readonly Role[] = ['dealer', 'manager', 'admin'];

/** Whether a user of `role` may need anything of the remote (no role known yet: yes, if unrestricted). */
export const servesRole = (entry: RegistryEntry, role: Role | undefined) => !entry.roles || (role !== undefined && entry.roles.includes(role));

/**
 * The registry and the manifests as index.html's inline script started reading them at a signed-in
 * page load, before any of the portal's scripts ran: unchecked JSON, keyed by each manifest's entry.
 */
export interface RegistryReadAhead {
  registry: Promise<unknown>;
  manifests: Record<string, Promise<unknown> | undefined>;
}

declare global {
  interface Window { portalRegistryAhead?: RegistryReadAhead }
}

function registryFrom(data: unknown): RegistryEntry[] {
  const remotes = (data as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw new Error('remotes.json has no "remotes" list');
  return remotes
    .filter((r): r is RegistryEntry => !!r && typeof r.name === 'string' && typeof r.entry === 'string' && typeof r.basePath === 'string')
    .map(({ name, entry, basePath, roles }) => ({
      name, entry, basePath,
      ...(Array.isArray(roles) ? { roles: roles.filter((role): role is Role => ROLE_NAMES.includes(role as Role)) } : {}),
    }));
}

export async function fetchRegistry(): Promise<RegistryEntry[]> {
  // Served with Cache-Control: no-cache; the query string also defeats any proxy that ignores it.
  const { data } = await apiClient.get<unknown>('/remotes.json', { params: { t: Date.now() } });
  return registryFrom(data);
}

export const majorOf = (version: string) => Number.parseInt(String(version).split('.')[0], 10);

export class ContractMismatchError extends Error {
  constructor(readonly remoteVersion: string) {
    super(`contract ${remoteVersion} is not compatible with ${CONTRACT_VERSION}`);
    this.name = 'ContractMismatchError';
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';

function isMenuEntry(value: unknown): value is MenuEntry {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  const label = e.label as Record<string, unknown> | null | undefined;
  return isText(e.key) && isText(e.path) && !!label && isText(label.ru) && isText(label.en)
    && (e.icon === undefined || isText(e.icon))
    && Array.isArray(e.roles) && e.roles.every((r) => ROLE_NAMES.includes(r as Role))
    && (e.beforeContract === undefined || typeof e.beforeContract === 'boolean')
    // A count is read from the portal's own API, never from an address a manifest could point anywhere.
    && (e.count === undefined || (isText(e.count) && e.count.startsWith('/api/')));
}

interface Manifest {
  metaData?: { portal?: Partial<RemoteMetaData>; remoteEntry?: { name?: string; path?: string } };
}

/** Each remote's remoteEntry.js, as its manifest names it, relative to the manifest. */
const remoteEntries = new Map<string, string>();

/** A remote's published menu and contract version, from its manifest's `metaData.portal`. */
export async function fetchRemoteMeta(entry: RegistryEntry): Promise<RemoteMetaData> {
  const { data } = await apiClient.get<Manifest | null>(entry.entry, { params: { t: Date.now() } });
  return metaFrom(entry, data);
}

function metaFrom(entry: RegistryEntry, data: Manifest | null): RemoteMetaData {
  const portal = data?.metaData?.portal;
  if (!portal || !isText(portal.contractVersion) || !Array.isArray(portal.menu) || !portal.menu.every(isMenuEntry)) {
    throw new Error(`remote "${entry.name}" publishes no menu in its manifest`);
  }
  const file = data?.metaData?.remoteEntry;
  if (file && isText(file.name)) {
    const manifestUrl = new URL(entry.entry, window.location.href);
    remoteEntries.set(entry.name, new URL(file.path ? `${file.path.replace(/\/$/, '')}/${file.name}` : file.name, manifestUrl).href);
  }
  return { contractVersion: portal.contractVersion, menu: portal.menu };
}

/** The registry and the manifests read ahead of the cabinet (prefetchRegistry), each taken once. */
let aheadRegistry: Promise<RegistryEntry[]> | null = null;
const aheadMetas = new Map<string, Promise<RemoteMetaData>>();
const aheadModules = new Map<string, Promise<RemoteModule>>();
let prefetched = false;

/**
 * Starts reading the registry and every manifest while the cabinet's own code is still on its way
 * (at login, or at a signed-in page load), so the menu needs no round trips after the cabinet
 * renders. Only JSON, except for the one remote whose area the page opens on (`opening`): when the
 * user's role has an entry there, its code starts loading as soon as its manifest says so, while
 * the cabinet renders. Once per page load.
 */
export function prefetchRegistry(opening?: { pathname: string; role: Role }, role: Role | undefined = opening?.role) {
  if (prefetched) return;
  prefetched = true;
  // Taken once: a later read (a retry) goes through the client.
  const early = window.portalRegistryAhead;
  delete window.portalRegistryAhead;
  aheadRegistry = early ? early.registry.then(registryFrom).catch(() => fetchRegistry()) : fetchRegistry();
  aheadRegistry.then((entries) => entries.filter((e) => servesRole(e, role)).forEach((e) => {
    const manifest = early?.manifests[e.entry];
    const meta = manifest
      ? manifest.then((data) => metaFrom(e, data as Manifest | null)).catch(() => fetchRemoteMeta(e))
      : fetchRemoteMeta(e);
    meta.catch(() => {}); // the failure reaches whoever takes it
    aheadMetas.set(e.name, meta);
    const here = opening && (opening.pathname === e.basePath || opening.pathname.startsWith(`${e.basePath}/`));
    if (here) {
      void meta.then((m) => {
        if (isCompatible(m.contractVersion) && m.menu.some((entry) => entry.roles.includes(opening.role))) {
          const module = loadRemoteModule(e);
          module.catch(() => {}); // the area's own load reports it
          aheadModules.set(e.name, module);
        }
      }, () => {});
    }
  }), () => {});
}

/** The registry: the one read ahead if there is one, else read now. */
export function readRegistry(): Promise<RegistryEntry[]> {
  const early = aheadRegistry;
  aheadRegistry = null;
  return early ?? fetchRegistry();
}

/** A remote's menu and contract version: read ahead if it was (not on a retry), else read now. */
export function readRemoteMeta(entry: RegistryEntry, retry = false): Promise<RemoteMetaData> {
  const early = retry ? undefined : aheadMetas.get(entry.name);
  aheadMetas.delete(entry.name);
  return early ?? fetchRemoteMeta(entry);
}

export const isCompatible = (version: string) => majorOf(version) === majorOf(CONTRACT_VERSION);

/** Registers one remote (again, when retrying) and loads its exposed module, or takes the one loading ahead. */
export async function loadRemoteModule(entry: RegistryEntry, retry = false): Promise<RemoteModule> {
  const early = retry ? undefined : aheadModules.get(entry.name);
  aheadModules.delete(entry.name);
  if (early) return early;
  registerRemotes([{ name: entry.name, entry: remoteEntries.get(entry.name) ?? entry.entry }], { force: retry });
  const loaded = await loadRemote<{ default: RemoteModule }>(`${entry.name}/module`);
  const module = loaded?.default;
  if (!module || !Array.isArray(module.routes)) throw new Error(`remote "${entry.name}" exposes no RemoteModule`);
  if (!isCompatible(module.contractVersion)) throw new ContractMismatchError(module.contractVersion);
  return module;
}
