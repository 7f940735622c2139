import type { Decimal, Id } from './columns';

export interface DealerGroupsTable {
  id: Id;
  name: string;
  /** 0–100. */
  discount_percent: Decimal;
  description: string;
}
