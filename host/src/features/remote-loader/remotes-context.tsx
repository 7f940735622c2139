import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { injectSlices, errorMessage, type RemoteModule } from '@portal/shared';
import { ContractMismatchError, fetchRegistry, loadRemoteModule, type RegistryEntry } from './registry';

export type RemoteStatus =
  | { state: 'loading' }
  | { state: 'ready'; module: RemoteModule }
  | { state: 'failed'; message: string }
  | { state: 'refused'; remoteVersion: string };

export interface RemoteSlot extends RegistryEntry { status: RemoteStatus }

interface RemotesValue {
  registry: 'loading' | 'ready' | 'failed';
  registryError?: string;
  remotes: RemoteSlot[];
  retry: (name: string) => void;
}

const RemotesContext = createContext<RemotesValue>({ registry: 'loading', remotes: [], retry: () => {} });
export const useRemotes = () => useContext(RemotesContext);

type Loader = (entry: RegistryEntry, retry: boolean) => Promise<RemoteModule>;

/** Loads every remote of the registry in parallel; one remote failing never stops the others. */
export function RemotesProvider({ children, load = loadRemoteModule, registry: readRegistry = fetchRegistry }: {
  children: ReactNode; load?: Loader; registry?: () => Promise<RegistryEntry[]>;
}) {
  const [registry, setRegistry] = useState<RemotesValue['registry']>('loading');
  const [registryError, setRegistryError] = useState<string>();
  const [remotes, setRemotes] = useState<RemoteSlot[]>([]);

  const setStatus = useCallback((name: string, status: RemoteStatus) => {
    setRemotes((list) => list.map((r) => (r.name === name ? { ...r, status } : r)));
  }, []);

  const start = useCallback(async (entry: RegistryEntry, retry: boolean) => {
    setStatus(entry.name, { state: 'loading' });
    try {
      const module = await load(entry, retry);
      injectSlices(module.slices ?? []);
      setStatus(entry.name, { state: 'ready', module });
    } catch (err) {
      if (err instanceof ContractMismatchError) setStatus(entry.name, { state: 'refused', remoteVersion: err.remoteVersion });
      else setStatus(entry.name, { state: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }, [load, setStatus]);

  useEffect(() => {
    let cancelled = false;
    readRegistry().then((entries) => {
      if (cancelled) return;
      setRemotes(entries.map((e) => ({ ...e, status: { state: 'loading' } })));
      setRegistry('ready');
      entries.forEach((e) => void start(e, false));
    }, (err) => {
      if (cancelled) return;
      setRegistryError(errorMessage(err));
      setRegistry('failed');
    });
    return () => { cancelled = true; };
  }, [readRegistry, start]);

  const retry = useCallback((name: string) => {
    const slot = remotes.find((r) => r.name === name);
    if (slot) void start({ name: slot.name, entry: slot.entry, basePath: slot.basePath }, true);
  }, [remotes, start]);

  const value = useMemo(() => ({ registry, registryError, remotes, retry }), [registry, registryError, remotes, retry]);
  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}
