import type { Id, NullableTimestamp, Timestamp } from './columns';

export type OrderDeletionStatus = 'pending' | 'approved' | 'rejected';

export interface OrderDeletionRequestsTable {
  id: Id;
  order_id: number;
  reason: string;
  document_id: number | null;
  status: OrderDeletionStatus;
  created_by: number | null;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
}
