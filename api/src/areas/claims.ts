// Claims (design §4-5): a dealer claims a quantity of one product of its own shipped or completed
// order, and may change the description and quantity, or delete the claim, while it is `new`;
// staff move it through new → in_review → accepted | rejected → closed, one step at a time, and
// write the resolution. Another dealer's claim is 404.
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import type { OrderStatus } from '../db/tables/orders';
import { ApiError, notFound } from '../lib/api-error';
import { defineArea, type WriteContext } from '../lib/area';
import { checkTransition, statusSchema } from '../lib/lifecycle';
import { RowId, Text, Timestamp } from '../schemas/common';
import { lockRow, MAX_LINE_QUANTITY, orderChildFilters, ownByOrder } from '../lib/order-children';
import { historySchema, recordChange, StatusComment, withHistory } from '../lib/status-history';

export const ClaimSchema = Type.Object({
  id: Type.Integer(),
  order: Type.Integer(),
  order_number: Type.String(),
  product: Type.Integer(),
  product_name: Type.String(),
  quantity: Type.Integer(),
  description: Type.String(),
  status: statusSchema('claims'),
  resolution: Type.String(),
  created_at: Timestamp,
  history: historySchema('claims'),
});

/** Goods are claimed once they were sent. */
const CLAIMABLE: readonly OrderStatus[] = ['shipped', 'completed'];

/** How many of the product the order has (0: not one of its lines). */
async function orderedQuantity(ctx: WriteContext, orderId: number, productId: number): Promise<number> {
  const row = await ctx.trx.selectFrom('order_items').select((eb) => eb.fn.sum<number | string>('quantity').as('quantity'))
    .where('order_id', '=', orderId).where('product_id', '=', productId).executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

async function checkQuantity(ctx: WriteContext, orderId: number, productId: number, quantity: number): Promise<void> {
  const ordered = await orderedQuantity(ctx, orderId, productId);
  if (ordered === 0) throw new ApiError(400, 'invalid', { product: ['claim_product'] });
  if (quantity > ordered) throw new ApiError(400, 'invalid', { quantity: ['claim_quantity'] });
}

export const claims = defineArea({
  area: 'claims',
  path: '/claims/',
  table: 'claims',
  item: ClaimSchema,
  select: (db: Kysely<Database>) => db.selectFrom('claims')
    .innerJoin('orders', 'orders.id', 'claims.order_id')
    .innerJoin('products', 'products.id', 'claims.product_id')
    .selectAll('claims').select(['orders.number as order_number', 'orders.dealer_id', 'products.name as product_name']),
  own: ownByOrder,
  filters: {
    ...orderChildFilters('claims', 'claims'),
    product: { schema: RowId, column: 'claims.product_id' },
  },
  orderable: { id: 'claims.id', created_at: 'claims.created_at', status: 'claims.status', order_number: 'orders.number', quantity: 'claims.quantity' },
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'products.name', 'claims.description', 'claims.resolution'],
  expand: (db, rows) => withHistory(db, 'claims', rows),
  toItem: (row): Static<typeof ClaimSchema> => ({
    id: row.id, order: row.order_id, order_number: row.order_number, product: row.product_id, product_name: row.product_name,
    quantity: row.quantity, description: row.description, status: row.status, resolution: row.resolution, created_at: toIso(row.created_at),
    history: row.history,
  }),
  body: {
    /** The order and product are fixed once the claim exists (ignored by PUT). */
    order: RowId,
    product: RowId,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }),
    description: Text(5000),
    /** Staff only, one step at a time; a new claim is always `new`. */
    status: Type.Optional(statusSchema('claims')),
    /** Staff only. */
    resolution: Type.Optional(Type.String({ maxLength: 5000 })),
    /** Staff only: kept with a status change in the history. */
    status_comment: StatusComment,
  },
  async create(ctx) {
    const { trx, body, user, scope } = ctx;
    const order = await trx.selectFrom('orders').select(['id', 'dealer_id', 'status']).where('id', '=', body.order).executeTakeFirst();
    if (scope === 'own' && (!order || order.dealer_id !== user.dealer)) throw notFound();
    if (!order) throw new ApiError(400, 'invalid', { order: ['field_choice'] });
    if (!CLAIMABLE.includes(order.status)) throw new ApiError(409, 'claim_order_status');
    await checkQuantity(ctx, order.id, body.product, body.quantity);
    const now = nowIso();
    const { id } = await trx.insertInto('claims').values({
      order_id: order.id, product_id: body.product, quantity: body.quantity, description: body.description.trim(), status: 'new',
      // A dealer does not write the resolution.
      resolution: scope === 'own' ? '' : body.resolution?.trim() ?? '',
      created_by: user.user_id, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await recordChange(trx, 'claims', id, { from: null, to: 'new', by: user.user_id, at: now });
    return id;
  },
  async update(ctx, current) {
    const { trx, body, scope, user } = ctx;
    const claim = await lockRow(ctx, 'claims', current.id);
    if (!claim) throw notFound();
    const status = body.status ?? claim.status;
    const resolution = body.resolution === undefined ? claim.resolution : body.resolution.trim();
    if (scope === 'own') {
      if (status !== claim.status || resolution !== claim.resolution) {
        throw new ApiError(403, 'forbidden', status !== claim.status ? { status: ['forbidden'] } : { resolution: ['forbidden'] });
      }
      if (claim.status !== 'new') throw new ApiError(409, 'not_editable');
    } else {
      checkTransition('claims', claim.status, status);
    }
    if (body.quantity !== claim.quantity) await checkQuantity(ctx, claim.order_id, claim.product_id, body.quantity);
    await trx.updateTable('claims').set({ status, resolution, quantity: body.quantity, description: body.description.trim() })
      .where('id', '=', claim.id).execute();
    if (status !== claim.status) await recordChange(trx, 'claims', claim.id, { from: claim.status, to: status, by: user.user_id, comment: body.status_comment });
  },
  async remove(ctx, current) {
    const claim = await lockRow(ctx, 'claims', current.id);
    if (!claim) throw notFound();
    if (ctx.scope === 'own' && claim.status !== 'new') throw new ApiError(409, 'not_editable');
    await ctx.trx.deleteFrom('claims').where('id', '=', claim.id).execute();
  },
});
