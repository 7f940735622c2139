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
}
