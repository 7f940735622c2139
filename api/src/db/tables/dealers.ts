import type { Generated } from 'kysely';
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
  /** 1C's `Ид` of the dealer as a counterparty (migration 0025). */
  external_id: Generated<string | null>;
}
