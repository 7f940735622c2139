// Stock (design §5): confirming an order reserves its quantities in the store items, warehouse by
// warehouse, the one with the most available first; shipping takes the reserved units out (quantity
// and reserved both go down); cancelling releases them. Each runs inside the write's transaction,
// and `stock_reservations` remembers which store items a reservation took from, so that take-out
// and release are exact. Concurrent confirmations never oversell: the store items of the order's
// products are locked (PostgreSQL: FOR UPDATE, always in id order, so two confirmations cannot
// deadlock; SQLite runs one write transaction at a time), and every reservation is a conditional
// UPDATE that adds only while enough is available.
import { sql } from 'kysely';
import { nowIso } from '../db/dialect';
import { ApiError } from './api-error';
import type { WriteContext } from './area';

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
export async function reserveStock(ctx: WriteContext, orderId: number): Promise<void> {
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
async function endReservations(ctx: WriteContext, orderId: number, how: 'release' | 'take-out'): Promise<void> {
  const { trx } = ctx;
  const reservations = await trx.selectFrom('stock_reservations').select(['store_item_id', 'quantity'])
    .where('order_id', '=', orderId).orderBy('store_item_id').execute();
  if (!reservations.length) return;
  const now = nowIso();
  for (const reservation of reservations) {
    await trx.updateTable('store_items').set({
      reserved: sql<number>`reserved - ${reservation.quantity}`,
      ...(how === 'take-out' ? { quantity: sql<number>`quantity - ${reservation.quantity}` } : {}),
      updated_at: now,
    }).where('id', '=', reservation.store_item_id).execute();
  }
  await trx.deleteFrom('stock_reservations').where('order_id', '=', orderId).execute();
}

/** Gives a cancelled (or deleted) order's reserved units back. */
export const releaseStock = (ctx: WriteContext, orderId: number) => endReservations(ctx, orderId, 'release');

/** Takes a shipped order's reserved units out of the warehouses. */
export const takeOutStock = (ctx: WriteContext, orderId: number) => endReservations(ctx, orderId, 'take-out');

/** What happens to the stock when an order moves from one status to another. */
export async function moveStock(ctx: WriteContext, orderId: number, from: string, to: string): Promise<void> {
  if (from === to) return;
  if (to === 'confirmed') await reserveStock(ctx, orderId);
  else if (to === 'shipped') await takeOutStock(ctx, orderId);
  else if (to === 'cancelled') await releaseStock(ctx, orderId);
}
