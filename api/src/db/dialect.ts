// The few places where SQLite and PostgreSQL differ, hidden behind small helpers.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DialectName } from './connect';

/** ISO-8601 UTC text for a value read from either driver (text in SQLite, Date from pg). */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A boolean read from either driver (0/1 in SQLite). */
export const toBool = (value: boolean | number): boolean => value === true || value === 1;

export const nowIso = (): string => new Date().toISOString();

export const isoIn = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();

/** Escapes LIKE wildcards so that user input matches literally. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" that folds non-ASCII letters too (Cyrillic). */
export function containsText(dialect: DialectName, column: Expression<unknown>, term: string): Expression<SqlBool> {
  const pattern = likePattern(term);
  return dialect === 'postgres'
    ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`unicode_lower(${column}) like ${pattern} escape '\\'`;
}
