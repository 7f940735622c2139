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
  created_at: Timestamp;
}
