import type { Timestamp } from './columns';

/** A news item a user has opened (migration 0024): one row per user and newsletter. */
export interface NewsReadsTable {
  newsletter_id: number;
  user_id: number;
  read_at: Timestamp;
}
