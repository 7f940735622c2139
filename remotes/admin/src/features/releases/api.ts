// The release API's calls that are not a plain read (design §3 "Releases", §6): activation and
// rollback move a remote's live pointer, guarded by If-Match on the live release's id so that a
// deploy that came first is never overwritten (412); deploy keys are created (the key is in that one
// answer only) and revoked.
// The shapes are the API's own (shared/src/types.ts, named from its OpenAPI document).
import { apiClient, type DeployKey, type RemoteState } from '@portal/shared';

export const REMOTES_PATH = '/api/remotes/';

export type { DeployKey, LiveRelease, NewDeployKey, Release, RemoteState } from '@portal/shared';

const remotePath = (name: string) => `${REMOTES_PATH}${encodeURIComponent(name)}/`;
export const keysPath = (remote: string) => `${remotePath(remote)}keys/`;

/** If-Match on the live release the screen shows; none when the remote has no live release yet. */
const ifMatch = (liveId: string | null | undefined) => (liveId ? { headers: { 'If-Match': liveId } } : undefined);

/** Returns the remote to the release live before the current one. */
export async function rollback(remote: string, liveId: string | null | undefined): Promise<RemoteState> {
  const { data } = await apiClient.post<RemoteState>(`${remotePath(remote)}rollback/`, undefined, ifMatch(liveId));
  return data;
}

/** Makes `release` the remote's live release. */
export async function activate(remote: string, release: string, liveId: string | null | undefined): Promise<RemoteState> {
  const { data } = await apiClient.post<RemoteState>(`${remotePath(remote)}live/`, { release }, ifMatch(liveId));
  return data;
}

export async function revokeKey(remote: string, id: DeployKey['id']): Promise<void> {
  await apiClient.delete(`${keysPath(remote)}${encodeURIComponent(String(id))}/`);
}

/** The live pointer moved since the screen read it (another deploy or admin came first). */
export function isMoved(err: unknown): boolean {
  const response = typeof err === 'object' && err !== null ? (err as { response?: { status?: unknown } }).response : undefined;
  return response?.status === 412;
}
