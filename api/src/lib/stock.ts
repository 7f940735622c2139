// Stock (design §5): confirming an order reserves its quantities in the store items, warehouse by
// warehouse, the one with the most available first; shipping takes the reserved units out (quantity
// and reserved both go down); cancelling releases them. Each runs inside the write's transaction,
// and `stock_reservations` remembers which store items a reservation took from, so that take-out
// and release are exact. Concurrent confirmations never oversell: the store items of the order's
// products are locked (PostgreSQL: FOR UPDATE, always in id order, so two confirmations cannot
// deadlock; SQLite runs one write transaction at a time), and every reservation is a conditional
// UPDATE that adds only while enough is available.
// Stock movements (design §5, migration 0018): a store item's quantity is the sum of its movements.
// Every change of a quantity goes through `recordMovement` (a receipt, a write-off, a correction, a
// store item's opening quantity) or writes its movement itself (a shipment's take-out below), in the
// same transaction as the change, with the resulting total.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import { nowIso } from '../db/dialect';
import type { StockMovementKind } from '../db/tables/stock-movements';
import { ApiError, notFound } from './api-error';
import type { DialectName } from '../db/connect';

/**
 * What a change of stock needs of the write that makes it: its transaction, the database's kind (to
 * lock rows), and who (null: the system, the exchange with 1C). A write's WriteContext is one.
 */
export interface StockContext {
  trx: Transaction<Database>;
  request: { server: { dialect: DialectName } };
  user: { user_id: number | null };
}

/** The most units a store item may hold, and so the most one movement may move. */
export const MAX_STOCK = 1_000_000_000;
/** MAX_STOCK as a message shows it, grouped. */
const MAX_STOCK_TEXT = '1\u00a0000\u00a0000\u00a0000';

export interface StockPlace { id: number; product_id: number; quantity: number; reserved: number }
export interface StockLine { id: number; product_id: number; quantity: number }
export interface ReservationStep { line: number; storeItem: number; quantity: number }

/**
 * The rule of a reservation: each line takes from the store items of its product, warehouse by
 * warehouse, the one with the most available first (then the lowest id). `places` are changed as the
 * plan takes (their `reserved` grows). A line whose product has less available than it asks goes
 * to `short` first, with its places in that order: it refuses (throws) or restocks them.
 */
export function planReservations<L extends StockLine>(
  lines: readonly L[], places: StockPlace[], short: (line: L, index: number, available: number, places: StockPlace[]) => void,
): ReservationStep[] {
  const plan: ReservationStep[] = [];
  const availableIn = (place: StockPlace) => Math.max(0, place.quantity - place.reserved);
  for (const [index, line] of lines.entries()) {
    const ordered = places.filter((place) => place.product_id === line.product_id)
      .sort((a, b) => availableIn(b) - availableIn(a) || a.id - b.id);
    const available = ordered.reduce((sum, place) => sum + availableIn(place), 0);
    if (available < line.quantity) short(line, index, available, ordered);
    let left = line.quantity;
    for (const place of ordered) {
      if (left === 0) break;
      const taken = Math.min(left, availableIn(place));
      if (taken <= 0) continue;
      plan.push({ line: line.id, storeItem: place.id, quantity: taken });
      place.reserved += taken;
      left -= taken;
    }
  }
  return plan;
}

/** Reserves every line of the order; 409 naming the first product whose total available is short. */
export async function reserveStock(ctx: StockContext, orderId: number): Promise<void> {
  const { trx } = ctx;
  const lines = await trx.selectFrom('order_items').innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.id', 'order_items.product_id', 'order_items.quantity', 'products.name'])
    .where('order_items.order_id', '=', orderId).orderBy('order_items.id').execute();
  if (!lines.length) return;
  let stock = trx.selectFrom('store_items').select(['id', 'product_id', 'quantity', 'reserved'])
    .where('product_id', 'in', [...new Set(lines.map((line) => line.product_id))]).orderBy('id');
  if (ctx.request.server.dialect === 'postgres') stock = stock.forUpdate();
  const plan = planReservations(lines, await stock.execute(), (line, index, available) => {
    throw new ApiError(409, 'stock_short', { [`items.${index}.quantity`]: ['stock_short'] }, { product: line.name, available: String(available) });
  });
  const now = nowIso();
  for (const step of plan) {
    const reserved = await trx.updateTable('store_items')
      .set({ reserved: sql<number>`reserved + ${step.quantity}`, updated_at: now })
      .where('id', '=', step.storeItem).where(sql<boolean>`quantity - reserved >= ${step.quantity}`)
      .executeTakeFirst();
    // Only if something wrote the stock without taking the locks (a script): refuse rather than oversell.
    if (Number(reserved.numUpdatedRows) !== 1) {
      const line = lines.find((l) => l.id === step.line)!;
      throw new ApiError(409, 'stock_short', { [`items.${lines.indexOf(line)}.quantity`]: ['stock_short'] }, { product: line.name, available: '0' });
    }
  }
  await trx.insertInto('stock_reservations').values(plan.map((step) => ({
    order_id: orderId, order_item_id: step.line, store_item_id: step.storeItem, quantity: step.quantity,
  }))).execute();
}

/** Ends the order's reservations: `release` gives the units back, `take-out` ships them (both quantity and reserved go down). */
async function endReservations(ctx: StockContext, orderId: number, how: 'release' | 'take-out'): Promise<void> {
  const { trx } = ctx;
  const reservations = await trx.selectFrom('stock_reservations').select(['store_item_id', 'quantity'])
    .where('order_id', '=', orderId).orderBy('store_item_id').execute();
  if (!reservations.length) return;
  const now = nowIso();
  for (const reservation of reservations) {
    const after = await trx.updateTable('store_items').set({
      reserved: sql<number>`reserved - ${reservation.quantity}`,
      ...(how === 'take-out' ? { quantity: sql<number>`quantity - ${reservation.quantity}` } : {}),
      updated_at: now,
    }).where('id', '=', reservation.store_item_id).returning('quantity').executeTakeFirstOrThrow();
    // A shipment is a movement too: the units left the warehouse for the order.
    if (how === 'take-out') {
      await trx.insertInto('stock_movements').values({
        store_item_id: reservation.store_item_id, kind: 'shipment', quantity: reservation.quantity, change: -reservation.quantity, total: after.quantity,
        reason: '', document_id: null, order_id: orderId, created_by: ctx.user.user_id, created_at: now,
      }).execute();
    }
  }
  await trx.deleteFrom('stock_reservations').where('order_id', '=', orderId).execute();
}

/** Gives a cancelled (or deleted) order's reserved units back. */
export const releaseStock = (ctx: StockContext, orderId: number) => endReservations(ctx, orderId, 'release');

/** Takes a shipped order's reserved units out of the warehouses. */
export const takeOutStock = (ctx: StockContext, orderId: number) => endReservations(ctx, orderId, 'take-out');

/** What happens to the stock when an order moves from one status to another. */
export async function moveStock(ctx: StockContext, orderId: number, from: string, to: string): Promise<void> {
  if (from === to) return;
  if (to === 'confirmed') await reserveStock(ctx, orderId);
  else if (to === 'shipped') await takeOutStock(ctx, orderId);
  else if (to === 'cancelled') await releaseStock(ctx, orderId);
}

export interface MovementInput {
  kind: Exclude<StockMovementKind, 'shipment'>;
  /** Already checked (parseQuantity): a whole number, > 0 but for a correction (≥ 0), at most MAX_STOCK. */
  quantity: number;
  reason: string;
  document?: number | null;
}

/**
 * Records a movement of one store item and changes its quantity, in the caller's transaction: a
 * receipt adds, a write-off takes away, a correction sets the total. The store item is locked
 * (PostgreSQL: FOR UPDATE; SQLite runs one write transaction at a time), so movements at once add
 * up. Never below 0 (400 on `quantity`), never below what orders reserved (409 on `quantity`),
 * never above MAX_STOCK (400). Answers the movement's id; 404 when there is no such store item.
 */
export async function recordMovement(ctx: StockContext, storeItemId: number, input: MovementInput): Promise<number> {
  const { trx } = ctx;
  let query = trx.selectFrom('store_items').select(['id', 'quantity', 'reserved']).where('id', '=', storeItemId);
  if (ctx.request.server.dialect === 'postgres') query = query.forUpdate();
  const item = await query.executeTakeFirst();
  if (!item) throw notFound();
  const total = input.kind === 'receipt' ? item.quantity + input.quantity
    : input.kind === 'write_off' ? item.quantity - input.quantity
      : input.quantity;
  if (total < 0) throw new ApiError(400, 'stock_write_off_short', { quantity: ['stock_write_off_short'] }, { quantity: String(item.quantity) });
  if (total > MAX_STOCK) throw new ApiError(400, 'stock_too_large', { quantity: ['stock_too_large'] }, { max: MAX_STOCK_TEXT, quantity: String(item.quantity) });
  if (total < item.reserved) throw new ApiError(409, 'stock_below_reserved', { quantity: ['stock_below_reserved'] }, { reserved: String(item.reserved) });
  const now = nowIso();
  await trx.updateTable('store_items').set({ quantity: total, updated_at: now }).where('id', '=', item.id).execute();
  return insertMovement(trx, { storeItem: item.id, kind: input.kind, quantity: input.quantity, change: total - item.quantity, total, reason: input.reason, document: input.document ?? null, by: ctx.user.user_id, at: now });
}

/** A movement's row, for a change already made to the store item (a new store item's opening quantity, a PUT's correction). */
export async function insertMovement(trx: Transaction<Database>, m: {
  storeItem: number; kind: StockMovementKind; quantity: number; change: number; total: number; reason: string; document?: number | null; by: number | null; at?: string;
}): Promise<number> {
  const row = await trx.insertInto('stock_movements').values({
    store_item_id: m.storeItem, kind: m.kind, quantity: m.quantity, change: m.change, total: m.total, reason: m.reason,
    document_id: m.document ?? null, order_id: null, created_by: m.by, created_at: m.at ?? nowIso(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A quantity as typed, checked and never rounded or clamped: a whole number (a JSON number, or a
 * form field's digits), more than 0 (at least 0 with `zero`), at most MAX_STOCK. Anything else is a
 * 400 on `field` with what is wrong.
 */
export function parseQuantity(value: unknown, field: string, options: { zero?: boolean } = {}): number {
  const bad = (code: 'quantity_number' | 'quantity_whole' | 'quantity_positive' | 'quantity_negative' | 'quantity_too_large') =>
    new ApiError(400, 'invalid', { [field]: [code] }, { max: MAX_STOCK_TEXT });
  const text = typeof value === 'string' ? value.trim() : value;
  if (typeof text === 'string' && !/^[-+]?\d+([.,]\d+)?$/.test(text)) throw bad('quantity_number');
  const number = typeof text === 'string' ? Number(text.replace(',', '.')) : text;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw bad('quantity_number');
  if (number < 0) throw bad(options.zero ? 'quantity_negative' : 'quantity_positive');
  if (!Number.isInteger(number)) throw bad('quantity_whole');
  if (number === 0 && !options.zero) throw bad('quantity_positive');
  if (number > MAX_STOCK) throw bad('quantity_too_large');
  return number;
}
