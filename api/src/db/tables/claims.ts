import type { Id, Timestamp } from './columns';

export type ClaimStatus = 'new' | 'in_review' | 'accepted' | 'rejected' | 'closed';

export interface ClaimsTable {
  id: Id;
  order_id: number;
  product_id: number;
  quantity: number;
  description: string;
  status: ClaimStatus;
  resolution: string;
  created_by: number | null;
  created_at: Timestamp;
}
