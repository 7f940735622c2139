// The run-time registry of remotes (design §3 "Releases"): each remote's live release, whose files
// never change, with its menu. The page carries the remotes every role sees (the server writes them
// into index.html, made per answer); the role-limited ones come for the signed-in user from
// `GET /api/remotes/registry/`, menus merged in. So drawing the menu takes no manifest and no
// remotes.json round trip, and a remote's `./module` is loaded through the Module Federation runtime
// from its release's remoteEntry.js only when its area opens, then checked against our contract.
// A staff user's local override (REMOTE_OVERRIDES=on) names another manifest and no remoteEntry: that
// one manifest is read for the menu and the entry.
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { apiClient, CONTRACT_VERSION, type MenuEntry, type RegistryRemote, type RemoteModule, type Role } from '@portal/shared';

/** One remote of the page: its live release and its menu. */
export type RegistryEntry = RegistryRemote;

const ROLE_NAMES: readonly Role[] = ['dealer', 'manager', 'admin'];

/** Whether a user of `role` may need anything of the remote (no role known yet: only a remote open to every role). */
export const servesRole = (entry: Pick<RegistryEntry, 'roles'>, role: Role | undefined) => (role !== undefined ? entry.roles.includes(role) : ROLE_NAMES.every((r) => entry.roles.includes(r)));

/** The registry answer index.html's inline script started reading at a signed-in page load, before any of the portal's scripts ran. */
export interface RegistryReadAhead {
  registry: Promise<unknown>;
}

declare global {
  interface Window { portalRegistryAhead?: RegistryReadAhead }
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
    // A count is read from the portal's own API, never from an address data could point anywhere.
    && (e.count === undefined || (isText(e.count) && e.count.startsWith('/api/')));
}

/** The well-formed remotes of a registry answer; anything else in it is left out. */
export function registryFrom(data: unknown): RegistryEntry[] {
  const remotes = (data as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw new Error('the registry has no "remotes" list');
  return remotes.filter((r): r is RegistryEntry => !!r && isText(r.name) && isText(r.basePath) && isText(r.entry) && isText(r.remoteEntry)
    && isText(r.release) && isText(r.contractVersion) && Array.isArray(r.roles) && Array.isArray(r.menu))
    .map((r) => ({ ...r, roles: r.roles.filter((role) => ROLE_NAMES.includes(role)), menu: r.menu.filter(isMenuEntry) }));
}

/** The remotes the page was served with (index.html's `#portal-registry`): those every role sees. */
export function pageRegistry(): RegistryEntry[] {
  const text = document.getElementById('portal-registry')?.textContent;
  if (!text) return [];
  try {
    return registryFrom(JSON.parse(text));
  } catch {
    return []; // a page served without it (a development server): the API's answer brings them all
  }
}

/** The remotes the signed-in user may see, from the API. */
export async function fetchRegistry(): Promise<RegistryEntry[]> {
  const { data } = await apiClient.get<unknown>('/api/remotes/registry/');
  return registryFrom(data);
}

export const majorOf = (version: string) => Number.parseInt(String(version).split('.')[0], 10);

export class ContractMismatchError extends Error {
  constructor(readonly remoteVersion: string) {
    super(`contract ${remoteVersion} is not compatible with ${CONTRACT_VERSION}`);
    this.name = 'ContractMismatchError';
  }
}

interface Manifest {
  metaData?: { portal?: { contractVersion?: unknown; menu?: unknown }; remoteEntry?: { name?: string; path?: string } };
}

/**
 * An overridden remote (its registry entry names a manifest elsewhere and no remoteEntry): its menu,
 * contract version and remoteEntry, read from that manifest.
 */
export async function readOverride<E extends Pick<RegistryEntry, 'name' | 'entry'>>(entry: E): Promise<E & Pick<RegistryEntry, 'contractVersion' | 'menu' | 'remoteEntry'>> {
  const { data } = await apiClient.get<Manifest | null>(entry.entry, { params: { t: Date.now() } });
  const portal = data?.metaData?.portal;
  const file = data?.metaData?.remoteEntry;
  if (!portal || !isText(portal.contractVersion) || !Array.isArray(portal.menu) || !portal.menu.every(isMenuEntry) || !file || !isText(file.name)) {
    throw new Error(`remote "${entry.name}" publishes no menu in its manifest`);
  }
  const remoteEntry = new URL(file.path ? `${file.path.replace(/\/$/, '')}/${file.name}` : file.name, new URL(entry.entry, window.location.href)).href;
  return { ...entry, contractVersion: portal.contractVersion, menu: portal.menu, remoteEntry };
}

/** The registry answer read ahead of the cabinet (prefetchRegistry), taken once. */
let aheadRegistry: Promise<RegistryEntry[]> | null = null;
const aheadModules = new Map<string, Promise<RemoteModule>>();
let prefetched = false;

/**
 * Starts reading the user's registry while the cabinet's own code is still on its way (a signed-in
 * page load), and the code of the one remote whose area the page opens on, when the user's role has
 * an entry there. Once per page load; a visitor has no registry of their own to read (the page
 * carries the remotes every role sees).
 */
export function prefetchRegistry(opening: { pathname: string; role: Role }) {
  if (prefetched) return;
  prefetched = true;
  // Taken once: a later read (a retry) goes through the client.
  const early = window.portalRegistryAhead;
  delete window.portalRegistryAhead;
  aheadRegistry = early ? early.registry.then(registryFrom).catch(() => fetchRegistry()) : fetchRegistry();
  aheadRegistry.catch(() => {}); // whoever takes it hears of it
  const here = (e: RegistryEntry) => opening.pathname === e.basePath || opening.pathname.startsWith(`${e.basePath}/`);
  const start = (e: RegistryEntry | undefined) => {
    if (!e || aheadModules.has(e.name) || !e.remoteEntry || !isCompatible(e.contractVersion)) return;
    if (!e.menu.some((m) => m.roles.includes(opening.role))) return;
    const module = loadRemoteModule(e);
    module.catch(() => {}); // the area's own load reports it
    aheadModules.set(e.name, module);
  };
  // A remote the page carries starts at once; a role-limited one when the registry answer names it.
  start(pageRegistry().find(here));
  aheadRegistry.then((entries) => start(entries.find(here)), () => {});
}

/** The user's registry: the one read ahead if there is one, else read now. */
export function readRegistry(): Promise<RegistryEntry[]> {
  const early = aheadRegistry;
  aheadRegistry = null;
  return early ?? fetchRegistry();
}

export const isCompatible = (version: string) => majorOf(version) === majorOf(CONTRACT_VERSION);

/** The release each remote was registered with in the Module Federation runtime. */
const registered = new Map<string, string>();

/**
 * Registers one remote's release and loads its exposed module, or takes the one loading ahead. A
 * retry, or another release than the one registered, registers it anew (`force`), so a release
 * activated since the page loaded replaces one whose files are gone.
 */
export async function loadRemoteModule(entry: Pick<RegistryEntry, 'name' | 'remoteEntry'>, retry = false): Promise<RemoteModule> {
  const early = retry ? undefined : aheadModules.get(entry.name);
  aheadModules.delete(entry.name);
  if (early) return early;
  const known = registered.get(entry.name);
  if (retry || known !== entry.remoteEntry) {
    registerRemotes([{ name: entry.name, entry: entry.remoteEntry }], { force: known !== undefined });
    registered.set(entry.name, entry.remoteEntry);
  }
  const loaded = await loadRemote<{ default: RemoteModule }>(`${entry.name}/module`);
  const module = loaded?.default;
  if (!module || !Array.isArray(module.routes)) throw new Error(`remote "${entry.name}" exposes no RemoteModule`);
  if (!isCompatible(module.contractVersion)) throw new ContractMismatchError(module.contractVersion);
  return module;
}
