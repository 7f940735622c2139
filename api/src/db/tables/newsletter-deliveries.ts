import type { Timestamp } from './columns';

/** A published newsletter mailed to a user: once per pair (migration 0023). */
export interface NewsletterDeliveriesTable {
  newsletter_id: number;
  user_id: number;
  mailed_at: Timestamp;
}
