import type { Generated } from 'kysely';
import type { Id, Timestamp } from './columns';

export type StockMovementKind = 'receipt' | 'write_off' | 'correction' | 'shipment';

/** One movement of a store item's stock (migration 0018): the item's quantity is the sum of `change`. */
export interface StockMovementsTable {
  id: Id;
  store_item_id: number;
  kind: StockMovementKind;
  /** As entered: the units received, written off or shipped; for a correction, the new total. */
  quantity: number;
  /** Signed: what the movement added to the total (negative for a write-off or a shipment). */
  change: number;
  /** The store item's quantity after the movement. */
  total: number;
  reason: string;
  document_id: number | null;
  /** The order whose shipment took the units out. */
  order_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  /** The exchange with 1C that made the movement (migration 0025). */
  exchange_run_id: Generated<number | null>;
}
