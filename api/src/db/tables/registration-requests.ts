import type { Id, NullableTimestamp, Timestamp } from './columns';

export type RegistrationRequestStatus = 'new' | 'approved' | 'rejected';

export interface RegistrationRequestsTable {
  id: Id;
  company_name: string;
  tax_id: string;
  contact_name: string;
  email: string;
  phone: string;
  comment: string;
  status: RegistrationRequestStatus;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
  decision_reason: string;
  /** The dealer that approving the request created. */
  dealer_id: number | null;
}
