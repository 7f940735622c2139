// Module Federation runtime plugin (design §11): a remote whose manifest, entry or chunk cannot be
// fetched is reported once, with its name, and the failure reaches that remote's area as a
// rejected load (see remotes-context.tsx) instead of breaking the rest of the portal.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export class RemoteUnavailableError extends Error {
  constructor(readonly remoteId: string, cause: unknown) {
    super(`Remote "${remoteId}" is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RemoteUnavailableError';
  }
}

export default function portalRemoteErrors(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-errors',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[portal] remote ${id} failed during ${lifecycle}`, error);
      // Returning nothing lets loadRemote reject; the area shows its error panel with a retry.
      return undefined;
    },
  };
}
