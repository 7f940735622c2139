// The release API's calls that are not a plain read (design §3 "Releases", §6): activation and
// rollback move a remote's live pointer, guarded by If-Match on the live release's id so that a
// deploy that came first is never overwritten (412); deploy keys are created (the key is in that one
// answer only) and revoked.
// The shapes are the API's own (shared/src/types.ts, named from its OpenAPI document).
import { apiDelete, apiPath, apiPost, type ApiRequestBody, type DeployKey, type NewDeployKey, type RemoteState } from '@portal/shared';

export const REMOTES_PATH = '/api/remotes/' as const;

export type { DeployKey, LiveRelease, NewDeployKey, Release, RemoteState } from '@portal/shared';

/** A remote's deploy keys, for its list. */
export const keysPath = (remote: string) => apiPath('/api/remotes/{name}/keys/', { name: remote });

/** If-Match on the live release the screen shows; none when the remote has no live release yet. */
const ifMatch = (liveId: string | null | undefined) => (liveId ? { 'If-Match': liveId } : undefined);

/** Returns the remote to the release live before the current one. */
export async function rollback(remote: string, liveId: string | null | undefined): Promise<RemoteState> {
  return apiPost('/api/remotes/{name}/rollback/', undefined, { path: { name: remote }, headers: ifMatch(liveId) });
}

/** Makes `release` the remote's live release. */
export async function activate(remote: string, release: string, liveId: string | null | undefined): Promise<RemoteState> {
  const body: ApiRequestBody<'/api/remotes/{name}/live/', 'post'> = { release };
  return apiPost('/api/remotes/{name}/live/', body, { path: { name: remote }, headers: ifMatch(liveId) });
}

/** Makes a deploy key for the remote: the answer holds the key itself, this once. */
export async function createKey(remote: string, body: ApiRequestBody<'/api/remotes/{name}/keys/', 'post'>): Promise<NewDeployKey> {
  return apiPost('/api/remotes/{name}/keys/', body, { path: { name: remote } });
}

export async function revokeKey(remote: string, id: DeployKey['id']): Promise<void> {
  await apiDelete('/api/remotes/{name}/keys/{id}/', { path: { name: remote, id } });
}

/** The live pointer moved since the screen read it (another deploy or admin came first). */
export function isMoved(err: unknown): boolean {
  const response = typeof err === 'object' && err !== null ? (err as { response?: { status?: unknown } }).response : undefined;
  return response?.status === 412;
}
