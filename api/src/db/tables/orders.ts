import type { Generated } from 'kysely';
import type { Id, Money, Timestamp } from './columns';

export type OrderStatus = 'new' | 'confirmed' | 'shipped' | 'completed' | 'cancelled';

export interface OrdersTable {
  id: Id;
  number: string;
  dealer_id: number;
  status: OrderStatus;
  total_cents: Money;
  comment: string;
  document_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped by triggers on every write to the order's lines or status changes (migration 0012). */
  detail_version: Generated<number>;
  /** 1C's `Ид` of the order once 1C sent it back (migration 0025). */
  external_id: Generated<string | null>;
  /** When 1C took the order (`mode=success` after a `query`); null: not yet, or sent again. */
  exchanged_at: Generated<Date | string | null>;
}

export interface OrderItemsTable {
  id: Id;
  order_id: number;
  product_id: number;
  quantity: number;
  /** The dealer's price at order time. */
  price_cents: Money;
  amount_cents: Money;
}

/** How many orders a dealer has in a status, kept by triggers (migration 0013). */
export interface OrderCountsTable {
  dealer_id: number;
  status: OrderStatus;
  count: number;
}

/** An edit of an order's lines, comment or document (migration 0021); `changes` is JSON. */
export interface OrderEditsTable {
  id: Id;
  order_id: number;
  changed_by: number | null;
  changed_at: Timestamp;
  changes: string;
}
