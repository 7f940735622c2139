import type { Generated } from 'kysely';
import type { Id, Timestamp } from './columns';

/** A version of the dealer agreement: the `contract_text` as it was from `created_at` on. */
export interface ContractVersionsTable {
  id: Id;
  number: number;
  text: string;
  created_at: Timestamp;
  created_by: number | null;
  /** What changed in this version, in the admin's words (empty for the first and older ones). */
  summary: Generated<string>;
}

/** Who signed which version of the agreement, and when. */
export interface ContractSignaturesTable {
  id: Id;
  user_id: number;
  version_id: number;
  signed_at: Timestamp;
}
