import type { ColumnType } from 'kysely';

/** A change counter per table, bumped by triggers (migration 0003); read by lib/list-cache.ts. */
export interface DataVersionsTable {
  name: string;
  version: ColumnType<string | number, string | number, string | number>;
}
