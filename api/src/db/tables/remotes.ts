import type { ColumnType, Generated } from 'kysely';
import type { Bool, NullableTimestamp, Timestamp } from './columns';

/** One row per remote of the seed registry (migration 0014); `live_release` is the pointer a deploy moves. */
export interface RemotesTable {
  name: string;
  base_path: string;
  live_release: string | null;
  /** Grows with every change of the row: the registry kept in memory compares the sum. */
  revision: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** One immutable build of one remote; its files at RELEASES_DIR/<remote>/<id>/ while `files_kept`. */
export interface RemoteReleasesTable {
  id: string;
  remote: string;
  contract_version: string;
  version: string | null;
  git_sha: string | null;
  /** The path of remoteEntry.js inside the release. */
  remote_entry: string;
  /** The JSON text of the manifest's metaData.portal. */
  meta: string;
  /** sha256 of mf-manifest.json and remoteEntry.js: tells a rebuilt folder from the seeded one. */
  content_hash: string;
  files_kept: Bool;
  created_at: Timestamp;
  created_by: string;
  activated_at: NullableTimestamp;
  activated_by: string | null;
}

/** Every move of a remote's live pointer, with the release live before it (rollback). */
export interface ReleaseActivationsTable {
  id: Generated<number>;
  remote: string;
  release: string;
  previous_release: string | null;
  activated_at: Timestamp;
  activated_by: string;
}

/** A key an admin made for one remote: it uploads, activates and rolls back that remote only. */
export interface DeployKeysTable {
  id: Generated<number>;
  remote: string;
  name: string;
  /** sha256 hex of the key; the key itself is shown once and never kept. */
  key_hash: string;
  created_at: Timestamp;
  created_by: string;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}
