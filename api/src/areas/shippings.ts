// Shipping (design §4-5): staff record parcels of a confirmed (or already shipped) order and move
// each one step at a time: in transit ships the order, the last parcel delivered completes it,
// each in the same transaction as the change that causes it. A dealer reads its own shipping.
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import type { OrderStatus } from '../db/tables/orders';
import { ApiError, notFound } from '../lib/api-error';
import { defineArea, type WriteContext } from '../lib/area';
import { documentColumns, DocumentSchema, documentOf, dropDocument, nextDocument } from '../lib/documents';
import { checkTransition, statusSchema } from '../lib/lifecycle';
import { notifierOf, notifyDealer, orderStatusNotice } from '../lib/notify';
import { lockRow, orderChildFilters, ownByOrder } from '../lib/order-children';
import { takeOutStock } from '../lib/stock';
import { historySchema, recordChange, StatusComment, withHistory } from '../lib/status-history';
import { Nullable, RowId, Timestamp } from '../schemas/common';


export const ShippingSchema = Type.Object({
  id: Type.Integer(),
  order: Type.Integer(),
  order_number: Type.String(),
  dealer: Type.Integer(),
  carrier: Type.String(),
  tracking_number: Type.String(),
  status: statusSchema('shippings'),
  shipped_at: Nullable(Timestamp),
  document: DocumentSchema,
  created_at: Timestamp,
  history: historySchema('shippings'),
});

/**
 * Mails the dealer when this parcel's move shipped the order («Отгружен»: its carrier, tracking
 * number and waybill) or completed it.
 */
async function notifyOrderMoved(ctx: WriteContext, before: { id: number; number: string; status: OrderStatus; dealer_id: number }, shippingId: number): Promise<void> {
  const after = await ctx.trx.selectFrom('orders').select('status').where('id', '=', before.id).executeTakeFirstOrThrow();
  if (after.status === before.status || (after.status !== 'shipped' && after.status !== 'completed')) return;
  const parcel = after.status === 'shipped'
    ? await ctx.trx.selectFrom('shippings').leftJoin('stored_files', 'stored_files.id', 'shippings.document_id')
      .select(['shippings.carrier', 'shippings.tracking_number', 'stored_files.name as document_name']).where('shippings.id', '=', shippingId).executeTakeFirst()
    : undefined;
  await notifyDealer(notifierOf(ctx), before.dealer_id, orderStatusNotice(before, after.status, { parcel }));
}

/** Orders that may be shipped: confirmed ones, and shipped ones (another parcel). */
const SHIPPABLE: readonly OrderStatus[] = ['confirmed', 'shipped'];

export const shippings = defineArea({
  area: 'shippings',
  path: '/shippings/',
  createPath: '/shipping/create/',
  table: 'shippings',
  item: ShippingSchema,
  select: (db: Kysely<Database>) => db.selectFrom('shippings')
    .innerJoin('orders', 'orders.id', 'shippings.order_id')
    .leftJoin('stored_files as document', 'document.id', 'shippings.document_id')
    .selectAll('shippings').select(['orders.number as order_number', 'orders.dealer_id', ...documentColumns]),
  own: ownByOrder,
  filters: orderChildFilters('shippings', 'shippings'),
  orderable: { id: 'shippings.id', created_at: 'shippings.created_at', shipped_at: 'shippings.shipped_at', status: 'shippings.status', order_number: 'orders.number' },
  nullable: ['shippings.shipped_at'],
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'shippings.carrier', 'shippings.tracking_number'],
  expand: (db, rows) => withHistory(db, 'shippings', rows),
  toItem: (row): Static<typeof ShippingSchema> => ({
    id: row.id, order: row.order_id, order_number: row.order_number, dealer: row.dealer_id, carrier: row.carrier, tracking_number: row.tracking_number,
    status: row.status, shipped_at: toIso(row.shipped_at ?? null), document: documentOf(row, `/api/shippings/${row.id}/download/`), created_at: toIso(row.created_at),
    history: row.history,
  }),
  body: {
    order: RowId,
    carrier: Type.Optional(Type.String({ maxLength: 100 })),
    tracking_number: Type.Optional(Type.String({ maxLength: 100 })),
    /** One step at a time; a new shipping is always `preparing`. */
    status: Type.Optional(statusSchema('shippings')),
    status_comment: StatusComment,
  },
  form: true,
  async create(ctx) {
    const { trx, body, file, user } = ctx;
    const order = await lockRow(ctx, 'orders', body.order);
    if (!order) throw new ApiError(400, 'invalid', { order: ['field_choice'] });
    if (!SHIPPABLE.includes(order.status)) throw new ApiError(409, 'order_not_shippable');
    const now = nowIso();
    const { id } = await trx.insertInto('shippings').values({
      order_id: order.id, carrier: body.carrier?.trim() ?? '', tracking_number: body.tracking_number?.trim() ?? '',
      status: 'preparing', shipped_at: null, document_id: file, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await recordChange(trx, 'shippings', id, { from: null, to: 'preparing', by: user.user_id, at: now });
    return id;
  },
  async update(ctx, current) {
    const { trx, body, file, user } = ctx;
    const order = await lockRow(ctx, 'orders', current.order_id);
    const shipping = await lockRow(ctx, 'shippings', current.id);
    if (!order || !shipping) throw notFound();
    const status = body.status ?? shipping.status;
    checkTransition('shippings', shipping.status, status);
    const moved = status !== shipping.status;
    const now = nowIso();
    if (moved && status === 'in_transit') {
      // A parcel on its way: the order is shipped (a cancelled or unconfirmed order ships nothing).
      if (!SHIPPABLE.includes(order.status)) throw new ApiError(409, 'order_not_shippable');
      if (order.status === 'confirmed') {
        await takeOutStock(ctx, order.id);
        await trx.updateTable('orders').set({ status: 'shipped', updated_at: now }).where('id', '=', order.id).execute();
        await recordChange(trx, 'orders', order.id, { from: 'confirmed', to: 'shipped', by: user.user_id, at: now });
      }
    }
    if (moved && status === 'delivered' && order.status === 'shipped') {
      // The last parcel delivered completes the order.
      const undelivered = await trx.selectFrom('shippings').select('id')
        .where('order_id', '=', order.id).where('id', '!=', shipping.id).where('status', '!=', 'delivered').executeTakeFirst();
      if (!undelivered) {
        await trx.updateTable('orders').set({ status: 'completed', updated_at: now }).where('id', '=', order.id).execute();
        await recordChange(trx, 'orders', order.id, { from: 'shipped', to: 'completed', by: user.user_id, at: now });
      }
    }
    const document = nextDocument(body, file, shipping.document_id);
    await trx.updateTable('shippings').set({
      status,
      carrier: body.carrier === undefined ? shipping.carrier : body.carrier.trim(),
      tracking_number: body.tracking_number === undefined ? shipping.tracking_number : body.tracking_number.trim(),
      shipped_at: moved && status === 'in_transit' ? now : toIso(shipping.shipped_at),
      document_id: document,
    }).where('id', '=', shipping.id).execute();
    if (moved) await recordChange(trx, 'shippings', shipping.id, { from: shipping.status, to: status, by: user.user_id, comment: body.status_comment, at: now });
    await dropDocument(trx, shipping.document_id, document);
    await notifyOrderMoved(ctx, order, shipping.id);
  },
  async remove({ trx }, current) {
    await trx.deleteFrom('shippings').where('id', '=', current.id).execute();
    await dropDocument(trx, current.document_id, null);
  },
  download: (row) => row.document_id,
});
