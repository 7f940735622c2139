import type { Id, NullableTimestamp, Timestamp } from './columns';

export interface RestoreTokensTable {
  id: Id;
  user_id: number;
  /** sha256 (hex) of the token mailed to the user; the token itself is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** When the last restore mail went to the user: one such mail per RESTORE_MAIL_INTERVAL_MINUTES at most. */
export interface RestoreMailsTable {
  user_id: number;
  mailed_at: Timestamp;
}
