import type { Bool, Id, Timestamp } from './columns';

export interface DealersTable {
  id: Id;
  name: string;
  legal_name: string;
  tax_id: string;
  /** `group` in the API; a reserved word in SQL. */
  group_id: number | null;
  email: string;
  phone: string;
  address: string;
  is_active: Bool;
  created_at: Timestamp;
}
