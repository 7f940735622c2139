import type { Id, Timestamp } from './columns';

/** One security-relevant action (migration 0016); written by lib/audit.ts only, never changed. */
export interface AuditLogTable {
  id: Id;
  at: Timestamp;
  /** The user who acted; null for a deploy key, a visitor or the system. */
  actor_id: number | null;
  /** That user's email when it acted. */
  actor_email: string | null;
  /** The name of the deploy key that acted. */
  actor_key: string | null;
  /** `user.created`, `dealer.deactivated`, `release.activated`, … (lib/audit.ts `AuditAction`). */
  action: string;
  /** `user`, `dealer`, `regreq`, `setting`, `agreement`, `remote`, `release`, `deploy_key`. */
  target_type: string;
  /** The object's id as text (a release's id and a remote's name are text). */
  target_id: string | null;
  /** A JSON object: what changed (from, to), a name, a version. */
  details: string;
}
