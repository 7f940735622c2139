// Quick order's rows on screen and what becomes of them: a row whose SKU is sold and whose quantity
// is good goes to the cart; any other is kept, with why, for the user to correct in place.
import { MAX_LINE_QUANTITY, QUICK_ORDER_KEY, readStorage, writeStorage, type CartItem, type DealerProduct } from '@portal/shared';
import { readQuantity, skuKey, type OrderLineText } from './order-lines';

export interface OrderRow {
  key: number;
  sku: string;
  quantity: number | null;
  /** The quantity as a paste or a file wrote it, when it could not be read. */
  written?: string;
  /** The line of the paste or the file it came from. */
  line?: number;
  /** Why it was not added: an unknown or unsold SKU, a bad quantity. */
  problems?: { sku?: 'missing' | 'unknown'; quantity?: 'bad' };
}

let lastKey = 0;
export const nextRowKey = () => { lastKey += 1; return lastKey; };

export const emptyRow = (): OrderRow => ({ key: nextRowKey(), sku: '', quantity: null });

/** Lines read from a paste or a file, as rows. */
export function rowsOf(lines: OrderLineText[]): OrderRow[] {
  return lines.map((line) => {
    const quantity = readQuantity(line.quantity);
    return { key: nextRowKey(), sku: line.sku, quantity, line: line.line, ...(quantity === null ? { written: line.quantity } : {}) };
  });
}

/** The rows kept from the last visit (those not yet in the cart), with fresh keys; none when nothing readable is kept. */
export function keptRows<T extends OrderRow>(): T[] {
  const kept = readStorage<unknown>(QUICK_ORDER_KEY, []);
  if (!Array.isArray(kept)) return [];
  return kept
    .filter((row): row is T => Boolean(row) && typeof row === 'object' && typeof (row as OrderRow).sku === 'string'
      && ((row as OrderRow).quantity === null || typeof (row as OrderRow).quantity === 'number'))
    .map((row) => ({ ...row, key: nextRowKey() }));
}

/** Keeps the rows someone typed into, until they are added to the cart or removed; a full storage only loses the keeping. */
export function keepRows(rows: OrderRow[]): void {
  try {
    writeStorage(QUICK_ORDER_KEY, rows.filter((row) => !isBlank(row)));
  } catch {
    // The rows stay on screen; only coming back to them later is lost.
  }
}

/** A row nobody has typed into: left out, not refused. */
export const isBlank = (row: OrderRow) => row.sku.trim() === '' && row.quantity === null && !row.written;

const goodQuantity = (quantity: number | null): quantity is number => quantity !== null && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;

/** The rows as cart lines (with the products found by skuKey) and the rows to correct, each with its problems. */
export function sortRows(rows: OrderRow[], products: Map<string, DealerProduct>): { add: CartItem[]; fix: OrderRow[] } {
  const add: CartItem[] = [];
  const fix: OrderRow[] = [];
  for (const row of rows) {
    if (isBlank(row)) continue;
    const product = row.sku.trim() ? products.get(skuKey(row.sku)) : undefined;
    const problems: NonNullable<OrderRow['problems']> = {};
    if (!row.sku.trim()) problems.sku = 'missing';
    else if (!product) problems.sku = 'unknown';
    if (!goodQuantity(row.quantity)) problems.quantity = 'bad';
    if (product && goodQuantity(row.quantity) && !problems.sku) {
      add.push({ product: product.id, sku: product.sku, name: product.name, price: product.dealer_price, quantity: row.quantity });
    } else {
      fix.push({ ...row, problems });
    }
  }
  return { add, fix };
}
