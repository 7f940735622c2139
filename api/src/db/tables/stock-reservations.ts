import type { Id } from './columns';

/** Units of one order line reserved in one store item (migration 0006). */
export interface StockReservationsTable {
  id: Id;
  order_id: number;
  order_item_id: number;
  store_item_id: number;
  quantity: number;
}
