// The release API's calls that are not a plain read (design §3 "Releases", §6): activation and
// rollback move a remote's live pointer, guarded by If-Match on the live release's id so that a
// deploy that came first is never overwritten (412); deploy keys are created (the key is in that one
// answer only) and revoked.
// The shapes are written here until the API's OpenAPI document names them (shared/src/types.ts is
// generated from it, architecture: "The contract cannot drift from the API").
import { apiClient } from '@portal/shared';

export const REMOTES_PATH = '/api/remotes/';

export interface Release {
  id: string;
  remote: string;
  contract_version: string;
  version: string | null;
  git_sha: string | null;
  created_at: string;
  created_by: string | null;
  activated_at: string | null;
  activated_by: string | null;
  /** false once the release fell out of the last RELEASES_KEPT: it cannot be made live again. */
  files_kept: boolean;
  live: boolean;
}

export interface LiveRelease {
  id: string;
  /** The URL of the live release's mf-manifest.json. */
  entry: string;
  contract_version: string;
  version: string | null;
  git_sha: string | null;
  created_at: string;
  created_by: string | null;
  activated_at: string | null;
  activated_by: string | null;
}

/** One remote as GET /api/remotes/ lists it, and as activation and rollback answer. */
export interface RemoteState {
  name: string;
  base_path: string;
  live: LiveRelease | null;
  /** Newest first. */
  releases: Release[];
}

export interface DeployKey {
  id: number | string;
  name: string;
  created_at: string;
  created_by: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** The answer of a key's creation: the only time the key itself is sent. */
export interface NewDeployKey {
  id: number | string;
  name: string;
  key: string;
}

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
