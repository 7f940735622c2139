// The run-time registry of remotes (design §3): read at every page load, registered with the
// Module Federation runtime, each remote's `./module` loaded and checked against our contract.
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { apiClient, CONTRACT_VERSION, type RemoteModule } from '@portal/shared';

export interface RegistryEntry { name: string; entry: string; basePath: string }

export async function fetchRegistry(): Promise<RegistryEntry[]> {
  // Served with Cache-Control: no-cache; the query string also defeats any proxy that ignores it.
  const { data } = await apiClient.get<{ remotes: RegistryEntry[] }>('/remotes.json', { params: { t: Date.now() } });
  if (!data || !Array.isArray(data.remotes)) throw new Error('remotes.json has no "remotes" list');
  return data.remotes.filter((r) => r && typeof r.name === 'string' && typeof r.entry === 'string' && typeof r.basePath === 'string');
}

export const majorOf = (version: string) => Number.parseInt(String(version).split('.')[0], 10);

export class ContractMismatchError extends Error {
  constructor(readonly remoteVersion: string) {
    super(`contract ${remoteVersion} is not compatible with ${CONTRACT_VERSION}`);
    this.name = 'ContractMismatchError';
  }
}

/** Registers one remote (again, when retrying) and loads its exposed module. */
export async function loadRemoteModule(entry: RegistryEntry, retry = false): Promise<RemoteModule> {
  registerRemotes([{ name: entry.name, entry: entry.entry }], { force: retry });
  const loaded = await loadRemote<{ default: RemoteModule }>(`${entry.name}/module`);
  const module = loaded?.default;
  if (!module || !Array.isArray(module.routes)) throw new Error(`remote "${entry.name}" exposes no RemoteModule`);
  if (majorOf(module.contractVersion) !== majorOf(CONTRACT_VERSION)) throw new ContractMismatchError(module.contractVersion);
  return module;
}
