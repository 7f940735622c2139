// The remotes of the page (design §3): the registry and each remote's menu, read as JSON when the
// cabinet opens; a remote's code loaded only when its area opens or a link to it is hovered.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { injectSlices, errorMessage, selectCurrentUser, useAppSelector, type MenuEntry, type RemoteMetaData, type RemoteModule } from '@portal/shared';
import { ContractMismatchError, isCompatible, loadRemoteModule, readRegistry as readRegistryAhead, readRemoteMeta, servesRole, type RegistryEntry } from './registry';

/** The remote's code: not fetched yet, on its way, running, failed, or refused for its contract. */
export type RemoteStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; module: RemoteModule }
  | { state: 'failed'; message: string }
  | { state: 'refused'; remoteVersion: string };

/** The remote's menu, from its manifest. */
export type RemoteMenu =
  | { state: 'loading' }
  | { state: 'ready'; entries: MenuEntry[] }
  | { state: 'failed'; message: string };

export interface RemoteSlot extends RegistryEntry { menu: RemoteMenu; status: RemoteStatus }

interface RemotesValue {
  registry: 'loading' | 'ready' | 'failed';
  registryError?: string;
  remotes: RemoteSlot[];
  /** Fetches the remote's code unless it is already there or on its way. */
  open: (name: string) => void;
  /** After a failure: reads the remote's manifest or loads its code again. */
  retry: (name: string) => void;
  reloadRegistry: () => void;
}

const RemotesContext = createContext<RemotesValue>({ registry: 'loading', remotes: [], open: () => {}, retry: () => {}, reloadRegistry: () => {} });
export const useRemotes = () => useContext(RemotesContext);

type Loader = (entry: RegistryEntry, retry: boolean) => Promise<RemoteModule>;
type MenuReader = (entry: RegistryEntry, retry: boolean) => Promise<RemoteMetaData>;

const entryOf = ({ name, entry, basePath }: RegistryEntry): RegistryEntry => ({ name, entry, basePath });

/** Reads every remote's menu in parallel; one remote failing never stops the others. */
export function RemotesProvider({ children, load = loadRemoteModule, readMenu = readRemoteMeta, registry: readRegistry = readRegistryAhead }: {
  children: ReactNode; load?: Loader; readMenu?: MenuReader; registry?: () => Promise<RegistryEntry[]>;
}) {
  const [registry, setRegistry] = useState<RemotesValue['registry']>('loading');
  const [registryError, setRegistryError] = useState<string>();
  const [remotes, setRemotes] = useState<RemoteSlot[]>([]);
  const [attempt, setAttempt] = useState(0);
  // A remote the registry keeps for other roles is not read at all: not its manifest, not its code.
  const role = useAppSelector(selectCurrentUser)?.role;
  // The latest slots, for callbacks that must not start a load twice.
  const slots = useRef<RemoteSlot[]>([]);
  slots.current = remotes;

  const update = useCallback((name: string, change: Partial<RemoteSlot>) => {
    slots.current = slots.current.map((r) => (r.name === name ? { ...r, ...change } : r));
    setRemotes(slots.current);
  }, []);

  const readMenuOf = useCallback(async (entry: RegistryEntry, retry: boolean) => {
    update(entry.name, { menu: { state: 'loading' } });
    try {
      const meta = await readMenu(entry, retry);
      // A remote built for another contract major is refused before any of its code is fetched.
      const status: RemoteStatus = isCompatible(meta.contractVersion) ? { state: 'idle' } : { state: 'refused', remoteVersion: meta.contractVersion };
      update(entry.name, { menu: { state: 'ready', entries: meta.menu }, status });
    } catch (err) {
      update(entry.name, { menu: { state: 'failed', message: errorMessage(err) } });
    }
  }, [readMenu, update]);

  const loadCode = useCallback(async (entry: RegistryEntry, retry: boolean) => {
    update(entry.name, { status: { state: 'loading' } });
    try {
      const module = await load(entry, retry);
      injectSlices(module.slices ?? []);
      // A transition: the area keeps its spinner while the opened screen's lazy chunk loads, and the
      // screen appears as soon as it is in (no Suspense fallback, so no 300 ms reveal throttle).
      startTransition(() => update(entry.name, { status: { state: 'ready', module } }));
    } catch (err) {
      if (err instanceof ContractMismatchError) update(entry.name, { status: { state: 'refused', remoteVersion: err.remoteVersion } });
      else update(entry.name, { status: { state: 'failed', message: err instanceof Error ? err.message : String(err) } });
    }
  }, [load, update]);

  useEffect(() => {
    let cancelled = false;
    setRegistry('loading');
    readRegistry().then((all) => {
      if (cancelled) return;
      const entries = all.filter((e) => servesRole(e, role));
      slots.current = entries.map((e) => ({ ...entryOf(e), menu: { state: 'loading' }, status: { state: 'idle' } }));
      setRemotes(slots.current);
      setRegistry('ready');
      entries.forEach((e) => void readMenuOf(entryOf(e), false));
    }, (err) => {
      if (cancelled) return;
      setRegistryError(errorMessage(err));
      setRegistry('failed');
    });
    return () => { cancelled = true; };
  }, [readRegistry, readMenuOf, attempt, role]);

  const open = useCallback((name: string) => {
    const slot = slots.current.find((r) => r.name === name);
    if (slot && slot.menu.state === 'ready' && slot.status.state === 'idle') void loadCode(entryOf(slot), false);
  }, [loadCode]);

  const retry = useCallback((name: string) => {
    const slot = slots.current.find((r) => r.name === name);
    if (!slot) return;
    if (slot.menu.state === 'failed') void readMenuOf(entryOf(slot), true);
    else void loadCode(entryOf(slot), true);
  }, [readMenuOf, loadCode]);

  const reloadRegistry = useCallback(() => setAttempt((n) => n + 1), []);

  const value = useMemo(() => ({ registry, registryError, remotes, open, retry, reloadRegistry }), [registry, registryError, remotes, open, retry, reloadRegistry]);
  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}
