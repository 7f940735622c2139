// Column types that differ by driver: SQLite hands back 0/1 for booleans and text for timestamps,
// PostgreSQL hands back booleans and Date objects; `numeric` comes back as a string from pg.
import type { ColumnType, Generated } from 'kysely';

export type Id = Generated<number>;
export type Bool = ColumnType<boolean | number, boolean, boolean>;
export type Timestamp = ColumnType<Date | string, string, string>;
export type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;
export type Decimal = ColumnType<string | number, string | number, string | number>;
/** Whole kopecks: a number from SQLite, a string from pg's bigint; written as integer text (both drivers take it). */
export type Money = ColumnType<string | number | bigint, string, string>;
