// The remotes of the page (design §3): the ones every role sees come with the page itself, the
// user's own from the registry answer; each with its menu, so the menu draws with no remote's file.
// A remote's code is loaded only when its area opens or a link to it is hovered. When it cannot be
// loaded (its release's files gone, say), the registry is read again and the area tried once more
// before its error panel shows.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { injectSlices, errorMessage, selectCurrentUser, useAppSelector, type MenuEntry, type RemoteModule } from '@portal/shared';
import {
  ContractMismatchError, fetchRegistry, isCompatible, loadRemoteModule, pageRegistry, readOverride, readRegistry as readRegistryAhead,
  servesRole, type RegistryEntry,
} from './registry';

/** The remote's code: not fetched yet, on its way, running, failed, or refused for its contract. */
export type RemoteStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; module: RemoteModule }
  | { state: 'failed'; message: string }
  | { state: 'refused'; remoteVersion: string };

/** The remote's menu: from the registry, or (an overridden remote) from the manifest it names. */
export type RemoteMenu =
  | { state: 'loading' }
  | { state: 'ready'; entries: MenuEntry[] }
  | { state: 'failed'; message: string };

export interface RemoteSlot extends Omit<RegistryEntry, 'menu'> { menu: RemoteMenu; status: RemoteStatus }

interface RemotesValue {
  /** The user's registry answer: on its way, in, or failed (the remotes the page carries work meanwhile). */
  registry: 'loading' | 'ready' | 'failed';
  registryError?: string;
  remotes: RemoteSlot[];
  /** Fetches the remote's code unless it is already there or on its way. */
  open: (name: string) => void;
  /** After a failure: reads the registry again, then the remote's manifest or code. */
  retry: (name: string) => void;
  reloadRegistry: () => void;
}

const RemotesContext = createContext<RemotesValue>({ registry: 'loading', remotes: [], open: () => {}, retry: () => {}, reloadRegistry: () => {} });
export const useRemotes = () => useContext(RemotesContext);

type Loader = (entry: Pick<RegistryEntry, 'name' | 'remoteEntry'>, retry: boolean) => Promise<RemoteModule>;
type Reader = () => Promise<RegistryEntry[]>;

/** A slot for a registry entry: an overridden remote's menu is still to be read from its manifest. */
function slotOf(entry: RegistryEntry): RemoteSlot {
  if (!entry.remoteEntry) return { ...entry, menu: { state: 'loading' }, status: { state: 'idle' } };
  const status: RemoteStatus = isCompatible(entry.contractVersion) ? { state: 'idle' } : { state: 'refused', remoteVersion: entry.contractVersion };
  return { ...entry, menu: { state: 'ready', entries: entry.menu }, status };
}

/** The slots for a newer registry: a remote whose release is unchanged keeps its slot, and loaded code keeps running. */
function merge(current: RemoteSlot[], entries: RegistryEntry[]): RemoteSlot[] {
  return entries.map((entry) => {
    const known = current.find((s) => s.name === entry.name);
    if (known && known.release === entry.release && known.entry === entry.entry) return known;
    const fresh = slotOf(entry);
    return known?.status.state === 'ready' && fresh.menu.state === 'ready' ? { ...fresh, status: known.status } : fresh;
  });
}

export function RemotesProvider({ children, load = loadRemoteModule, registry: readRegistry = readRegistryAhead, page = pageRegistry, reread = fetchRegistry, readManifest = readOverride }: {
  children: ReactNode;
  load?: Loader;
  /** The user's registry, read ahead at the page load. */
  registry?: Reader;
  /** The remotes the page carries. */
  page?: () => RegistryEntry[];
  /** The registry read again after a failure. */
  reread?: Reader;
  /** An overridden remote's manifest. */
  readManifest?: (entry: RemoteSlot) => Promise<Pick<RegistryEntry, 'contractVersion' | 'menu' | 'remoteEntry'>>;
}) {
  const role = useAppSelector(selectCurrentUser)?.role;
  const [registry, setRegistry] = useState<RemotesValue['registry']>('loading');
  const [registryError, setRegistryError] = useState<string>();
  // The latest slots, for callbacks that must not start a load twice.
  const slots = useRef<RemoteSlot[]>([]);
  const [remotes, setRemotes] = useState<RemoteSlot[]>(() => {
    slots.current = page().filter((e) => servesRole(e, role)).map(slotOf);
    return slots.current;
  });
  const [attempt, setAttempt] = useState(0);

  const replace = useCallback((next: RemoteSlot[]) => {
    slots.current = next;
    setRemotes(next);
  }, []);
  const update = useCallback((name: string, change: Partial<RemoteSlot>) => {
    replace(slots.current.map((r) => (r.name === name ? { ...r, ...change } : r)));
  }, [replace]);

  const readMenuOf = useCallback(async (entry: RemoteSlot) => {
    update(entry.name, { menu: { state: 'loading' } });
    try {
      const read = await readManifest(entry);
      update(entry.name, { ...slotOf({ ...entry, ...read }), entry: entry.entry });
    } catch (err) {
      update(entry.name, { menu: { state: 'failed', message: errorMessage(err) } });
    }
  }, [readManifest, update]);

  /** Takes a registry answer: the slots, and the manifests of overridden remotes. */
  const adopt = useCallback((entries: RegistryEntry[]) => {
    replace(merge(slots.current, entries.filter((e) => servesRole(e, role))));
    slots.current.filter((s) => s.menu.state === 'loading').forEach((s) => void readMenuOf(s));
  }, [replace, readMenuOf, role]);

  /** Reads the registry again after a failure; the slot as it then is (gone: undefined). */
  const refreshed = useCallback(async (name: string) => {
    try {
      adopt(await reread());
    } catch { /* the slot as it was: its own load says what is wrong */ }
    return slots.current.find((s) => s.name === name);
  }, [adopt, reread]);

  const loadCode = useCallback(async (entry: RemoteSlot, retry: boolean) => {
    update(entry.name, { status: { state: 'loading' } });
    const show = (module: RemoteModule) => {
      injectSlices(module.slices ?? []);
      // A transition: the area keeps its spinner while the opened screen's lazy chunk loads, and the
      // screen appears as soon as it is in (no Suspense fallback, so no 300 ms reveal throttle).
      startTransition(() => update(entry.name, { status: { state: 'ready', module } }));
    };
    const fail = (err: unknown) => {
      if (err instanceof ContractMismatchError) update(entry.name, { status: { state: 'refused', remoteVersion: err.remoteVersion } });
      else update(entry.name, { status: { state: 'failed', message: errorMessage(err) } });
    };
    try {
      show(await load(entry, retry));
    } catch (err) {
      if (retry || err instanceof ContractMismatchError) return fail(err);
      // Its release may be gone (a newer one activated and the old files removed): read the registry
      // again and try once more before the error panel.
      const now = await refreshed(entry.name);
      if (!now || now.menu.state !== 'ready') return fail(err);
      update(entry.name, { status: { state: 'loading' } });
      try {
        show(await load(now, true));
      } catch (again) {
        fail(again);
      }
    }
  }, [load, update, refreshed]);

  useEffect(() => {
    let cancelled = false;
    setRegistry('loading');
    readRegistry().then((all) => {
      if (cancelled) return;
      adopt(all);
      setRegistry('ready');
    }, (err) => {
      if (cancelled) return;
      setRegistryError(errorMessage(err));
      setRegistry('failed');
    });
    return () => { cancelled = true; };
  }, [readRegistry, adopt, attempt]);

  const open = useCallback((name: string) => {
    const slot = slots.current.find((r) => r.name === name);
    if (slot && slot.menu.state === 'ready' && slot.status.state === 'idle') void loadCode(slot, false);
  }, [loadCode]);

  const retry = useCallback((name: string) => {
    void refreshed(name).then((slot) => {
      // A manifest that could not be read is read again; otherwise the code is loaded anew (also
      // when a screen of it failed to load: its release may be gone). An overridden remote's
      // manifest still being read needs nothing more.
      if (slot?.menu.state === 'failed') void readMenuOf(slot);
      else if (slot?.menu.state === 'ready' && slot.status.state !== 'refused') void loadCode(slot, true);
    });
  }, [refreshed, readMenuOf, loadCode]);

  const reloadRegistry = useCallback(() => setAttempt((n) => n + 1), []);

  const value = useMemo(() => ({ registry, registryError, remotes, open, retry, reloadRegistry }), [registry, registryError, remotes, open, retry, reloadRegistry]);
  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}
