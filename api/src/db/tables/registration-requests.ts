import type { Id, Timestamp } from './columns';

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
}
