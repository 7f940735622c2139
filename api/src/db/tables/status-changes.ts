import type { Generated } from 'kysely';
import type { Id, Timestamp } from './columns';

/** One status change of one item (migration 0005): exactly one of the item references is set. */
export interface StatusChangesTable {
  id: Id;
  order_id: number | null;
  shipping_id: number | null;
  claim_id: number | null;
  registration_request_id: number | null;
  order_deletion_request_id: number | null;
  /** Null for the first status an item gets. */
  from_status: string | null;
  to_status: string;
  changed_by: number | null;
  changed_at: Timestamp;
  comment: string;
  /** Who made the change when it was not a user («1С»); '' otherwise (migration 0025). */
  actor: Generated<string>;
}
