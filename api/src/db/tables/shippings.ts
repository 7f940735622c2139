import type { Id, NullableTimestamp, Timestamp } from './columns';

export type ShippingStatus = 'preparing' | 'in_transit' | 'delivered';

export interface ShippingsTable {
  id: Id;
  order_id: number;
  carrier: string;
  tracking_number: string;
  status: ShippingStatus;
  shipped_at: NullableTimestamp;
  document_id: number | null;
  created_at: Timestamp;
}
