import type { ColumnType } from 'kysely';
import type { Id, NullableTimestamp, Timestamp } from './columns';

/** One row per issued refresh token; the token itself is a JWT whose `jti` is this row's key. */
export interface RefreshTokensTable {
  id: Id;
  jti: string;
  user_id: number;
  /** Every token rotated from the same login shares the family of that login's first token. */
  family: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  /**
   * Set when the token is spent: the pair it was exchanged for, encrypted (lib/tokens.ts), answered
   * again to a reuse within REFRESH_REUSE_GRACE_SECONDS (two tabs refreshing at once).
   */
  replacement: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}
