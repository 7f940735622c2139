import type { Generated } from 'kysely';
import type { Bool, Id, Money, Timestamp } from './columns';

export interface ProductsTable {
  id: Id;
  sku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  price_cents: Money;
  is_active: Bool;
  created_at: Timestamp;
  /** 1C's `Ид` (migration 0025); null for a product made in the portal. */
  external_id: Generated<string | null>;
}
