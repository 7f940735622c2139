import type { Id, Timestamp } from './columns';

export interface AttachmentsTable {
  id: Id;
  file_id: number;
  name: string;
  description: string;
  /** Null: visible to every dealer; otherwise to that dealer only (and staff). */
  dealer_id: number | null;
  uploaded_by: number | null;
  created_at: Timestamp;
}
