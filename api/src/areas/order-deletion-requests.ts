// Order-deletion requests (design §4-5): a dealer asks to cancel its own order (new or confirmed),
// with a reason and an optional document; staff approve or reject it once. Approval cancels the
// order in the same transaction; an order shipped meanwhile can no longer be cancelled (409).
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import type { OrderStatus } from '../db/tables/orders';
import { ApiError, notFound } from '../lib/api-error';
import { defineArea } from '../lib/area';
import { documentColumns, DocumentSchema, documentOf, dropDocument, nextDocument } from '../lib/documents';
import { checkTransition, statusSchema } from '../lib/lifecycle';
import { cancellationDecidedNotice, cancellationRequestedNotice, notifierOf, notifyDealer, notifyStaff } from '../lib/notify';
import { lockRow, orderChildFilters, ownByOrder } from '../lib/order-children';
import { releaseStock } from '../lib/stock';
import { historySchema, recordChange, StatusComment, withHistory } from '../lib/status-history';
import { Nullable, RowId, Text, Timestamp } from '../schemas/common';


export const OrderDeletionRequestSchema = Type.Object({
  id: Type.Integer(),
  order: Type.Integer(),
  order_number: Type.String(),
  reason: Type.String(),
  document: DocumentSchema,
  status: statusSchema('orderdelreq'),
  created_at: Timestamp,
  decided_at: Nullable(Timestamp),
  history: historySchema('orderdelreq'),
});

/** Orders that may still be cancelled: not yet shipped, completed or cancelled. */
const DELETABLE: readonly OrderStatus[] = ['new', 'confirmed'];

export const orderDeletionRequests = defineArea({
  area: 'orderdelreq',
  path: '/orderdelreq/',
  table: 'order_deletion_requests',
  item: OrderDeletionRequestSchema,
  select: (db: Kysely<Database>) => db.selectFrom('order_deletion_requests')
    .innerJoin('orders', 'orders.id', 'order_deletion_requests.order_id')
    .leftJoin('stored_files as document', 'document.id', 'order_deletion_requests.document_id')
    .selectAll('order_deletion_requests').select(['orders.number as order_number', 'orders.dealer_id', ...documentColumns]),
  own: ownByOrder,
  filters: orderChildFilters('order_deletion_requests', 'orderdelreq'),
  orderable: { id: 'order_deletion_requests.id', created_at: 'order_deletion_requests.created_at', decided_at: 'order_deletion_requests.decided_at', status: 'order_deletion_requests.status', order_number: 'orders.number' },
  nullable: ['order_deletion_requests.decided_at'],
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'order_deletion_requests.reason'],
  expand: (db, rows) => withHistory(db, 'orderdelreq', rows),
  toItem: (row): Static<typeof OrderDeletionRequestSchema> => ({
    id: row.id, order: row.order_id, order_number: row.order_number, reason: row.reason,
    document: documentOf(row, `/api/orderdelreq/${row.id}/download/`), status: row.status,
    created_at: toIso(row.created_at), decided_at: toIso(row.decided_at ?? null), history: row.history,
  }),
  body: {
    order: RowId,
    reason: Text(5000),
    /** Staff only: `pending` → `approved` | `rejected`. A new request is always `pending`. */
    status: Type.Optional(statusSchema('orderdelreq')),
    /** Kept with the decision in the request's history (and, on approval, in the order's). */
    status_comment: StatusComment,
  },
  form: true,
  async create(ctx) {
    const { trx, body, user, scope, file } = ctx;
    const order = await lockRow(ctx, 'orders', body.order);
    if (scope === 'own' && (!order || order.dealer_id !== user.dealer)) throw notFound();
    if (!order) throw new ApiError(400, 'invalid', { order: ['field_choice'] });
    const pending = await trx.selectFrom('order_deletion_requests').select('id')
      .where('order_id', '=', order.id).where('status', '=', 'pending').executeTakeFirst();
    if (pending) throw new ApiError(409, 'deletion_pending');
    if (!DELETABLE.includes(order.status)) throw new ApiError(409, 'deletion_not_allowed');
    const now = nowIso();
    const { id } = await trx.insertInto('order_deletion_requests').values({
      order_id: order.id, reason: body.reason.trim(), document_id: file, status: 'pending', created_by: user.user_id, created_at: now, decided_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await recordChange(trx, 'orderdelreq', id, { from: null, to: 'pending', by: user.user_id, at: now });
    const dealer = await trx.selectFrom('dealers').select('name').where('id', '=', order.dealer_id).executeTakeFirstOrThrow();
    await notifyStaff(notifierOf(ctx), cancellationRequestedNotice({ order_number: order.number, dealer_name: dealer.name, reason: body.reason.trim() }));
    return id;
  },
  async update(ctx, current) {
    const { trx, body, file, user } = ctx;
    // The order first: a decision and a shipping of the same order wait for each other.
    const order = await lockRow(ctx, 'orders', current.order_id);
    const request = await lockRow(ctx, 'order_deletion_requests', current.id);
    if (!order || !request) throw notFound();
    const status = body.status ?? request.status;
    checkTransition('orderdelreq', request.status, status);
    const decided = status !== request.status;
    if (decided && status === 'approved' && order.status !== 'cancelled') {
      // A shipped order can no longer be cancelled: 409, and the request stays pending.
      checkTransition('orders', order.status, 'cancelled');
      await releaseStock(ctx, order.id);
      const now = nowIso();
      await trx.updateTable('orders').set({ status: 'cancelled', updated_at: now }).where('id', '=', order.id).execute();
      // The order's timeline says why: the decision's comment, else the dealer's reason.
      await recordChange(trx, 'orders', order.id, { from: order.status, to: 'cancelled', by: user.user_id, comment: body.status_comment?.trim() || request.reason, at: now });
    }
    const document = nextDocument(body, file, request.document_id);
    await trx.updateTable('order_deletion_requests').set({
      status, reason: body.reason.trim(), document_id: document, decided_at: decided ? nowIso() : toIso(request.decided_at),
    }).where('id', '=', request.id).execute();
    if (decided) await recordChange(trx, 'orderdelreq', request.id, { from: request.status, to: status, by: user.user_id, comment: body.status_comment });
    if (decided && status !== 'pending') {
      await notifyDealer(notifierOf(ctx), order.dealer_id, cancellationDecidedNotice({ order_id: order.id, order_number: order.number }, status, body.status_comment));
    }
    await dropDocument(trx, request.document_id, document);
  },
  async remove({ trx }, current) {
    await trx.deleteFrom('order_deletion_requests').where('id', '=', current.id).execute();
    await dropDocument(trx, current.document_id, null);
  },
  download: (row) => row.document_id,
});
