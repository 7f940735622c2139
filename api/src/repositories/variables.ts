import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { MONEY_PATTERN } from '../lib/money';

export async function variableValue(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('variables').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/**
 * `min_order_total` (a decimal string) as kopecks; null when missing or empty (no minimum), or when
 * it is not a money value (then `onInvalid` hears of it, and no minimum applies).
 */
export async function minimumOrderTotal(db: Kysely<Database>, onInvalid?: (value: string) => void): Promise<bigint | null> {
  const value = await variableValue(db, 'min_order_total');
  // An administrator may well type "10 000,50".
  const text = (value ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!text) return null;
  if (!new RegExp(MONEY_PATTERN).test(text)) {
    onInvalid?.(value ?? '');
    return null;
  }
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** The `low_stock_threshold` a store item is running out at (design §3), when the setting is not a whole number ≥ 0. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/** Whether `value` (trimmed) is a whole number ≥ 0 that a store item's quantity can reach (the setting's one format). */
export function isStockThreshold(value: string, max: number): boolean {
  const text = value.trim();
  return /^\d{1,10}$/.test(text) && Number(text) <= max;
}

/**
 * `low_stock_threshold`: a store item whose available quantity (quantity − reserved) is at or below
 * it is running out. DEFAULT_LOW_STOCK_THRESHOLD when missing or not a whole number ≥ 0.
 */
export async function lowStockThreshold(db: Kysely<Database>): Promise<number> {
  const value = await variableValue(db, 'low_stock_threshold');
  return value !== null && isStockThreshold(value, Number.MAX_SAFE_INTEGER) ? Number(value.trim()) : DEFAULT_LOW_STOCK_THRESHOLD;
}
