import type { Id, Timestamp } from './columns';

export interface StoreItemsTable {
  id: Id;
  product_id: number;
  warehouse: string;
  quantity: number;
  reserved: number;
  updated_at: Timestamp;
}
