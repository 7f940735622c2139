// Orders, order-deletion requests and shipping (design §4-5). The server prices every order: each
// line at the product's price after the dealer's group discount (half up to the kopeck), in exact
// kopecks; the client's word on prices is never asked. A dealer sees and writes only the rows of
// its own dealer (narrowed in SQL, so another dealer's row is 404), edits or deletes an order only
// while it is `new` and never changes a status; staff move statuses one step at a time. Approving
// a deletion request cancels the order, and shipping moves the order along (in transit: shipped;
// the last parcel delivered: completed), each in the same transaction as the change that causes it.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import type { OrderStatus } from '../db/tables/orders';
import { ApiError, notFound } from '../lib/api-error';
import { createdBetween, writeBody, type AreaDefinition, type WriteContext } from '../lib/area';
import { checkTransition, statusSchema, type Lifecycle } from '../lib/lifecycle';
import type { MessageCode } from '../lib/messages';
import { basisPointsOf, centsOf, discounted, formatMoney, MONEY_PATTERN, storedMoney } from '../lib/money';
import { Nullable, RowId, Text, Timestamp } from '../schemas/common';

type Row = Record<string, any>;
type Trx = Transaction<Database>;

// ---------------------------------------------------------------------------------------------
// What the three areas (and claims) share.


/** A dealer's own rows of an order and of what hangs off it: those of its own orders. */
export const ownByOrder: AreaDefinition['own'] = (query, user) => query.where('orders.dealer_id', '=', user.dealer ?? -1);

/** The filters of a row that hangs off an order (`table` joined with `orders`). */
export const orderChildFilters = (table: string, lifecycle: Lifecycle) => ({
  status: { schema: statusSchema(lifecycle), column: `${table}.status` },
  order: { schema: RowId, column: `${table}.order_id` },
  dealer: { schema: RowId, column: 'orders.dealer_id' },
  ...createdBetween(`${table}.created_at`),
});

/** An uploaded document as the item shows it; its bytes at `url`. */
export const DocumentSchema = Nullable(Type.Object({
  name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  url: Type.String(),
}));

/** The columns of the row's document, for `select` (left join `stored_files as document`). */
export const documentColumns = ['document.name as document_name', 'document.content_type as document_content_type', 'document.size as document_size', 'document.sha256 as document_sha256'] as const;

export const documentOf = (row: Row, url: string) => (row.document_id == null ? null : {
  name: row.document_name, content_type: row.document_content_type, size: Number(row.document_size), sha256: row.document_sha256, url,
});

/**
 * The document a write leaves on its row: an uploaded file replaces it, `document: null` (or an
 * empty or "null" form field) removes it, anything else (the item's document sent back) keeps it.
 */
export function nextDocument(body: Row, file: number | null, current: number | null): number | null {
  if (file !== null) return file;
  if (body.document === null || body.document === '' || body.document === 'null') return null;
  return current;
}

/** Deletes a replaced or removed document, after the row stopped pointing at it. */
export async function dropDocument(trx: Trx, previous: number | null, next: number | null): Promise<void> {
  if (previous !== null && previous !== next) await trx.deleteFrom('stored_files').where('id', '=', previous).execute();
}

/** A row read again inside the write's transaction, locked on PostgreSQL until it commits. */
export async function lockRow<T extends 'orders' | 'order_deletion_requests' | 'shippings' | 'claims'>(ctx: WriteContext, table: T, id: number): Promise<Row | undefined> {
  let query = ctx.trx.selectFrom(table as 'orders').selectAll().where('id', '=', id);
  if (ctx.request.server.dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Orders.

export const OrderLineSchema = Type.Object({
  id: Type.Integer(),
  product: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  quantity: Type.Integer(),
  /** The dealer's price of one unit at order time. */
  price: Type.String(),
  /** price × quantity. */
  amount: Type.String(),
});

export const OrderSchema = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  dealer: Type.Integer(),
  dealer_name: Type.String(),
  status: statusSchema('orders'),
  items: Type.Array(OrderLineSchema),
  total: Type.String(),
  comment: Type.String(),
  document: DocumentSchema,
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const MAX_ORDER_LINES = 200;
export const MAX_LINE_QUANTITY = 1_000_000;
/** 999 999 999 999.99, the largest amount a money field holds (and far inside a bigint). */
const MAX_AMOUNT = 99_999_999_999_999n;

/** A line as a client writes it; the line's other fields (its price among them) are ignored. */
const OrderLineBody = writeBody(OrderLineSchema, { product: RowId, quantity: Type.Integer({ minimum: 1, maximum: MAX_LINE_QUANTITY }) });

/** `2026-000123`: the year the order was created (UTC) and its id, zero-padded. */
export const orderNumber = (id: number, createdAt: string): string => `${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;

interface PricedLine {
  product_id: number;
  quantity: number;
  price_cents: bigint;
  amount_cents: bigint;
}

/** The discount of a dealer's group in basis points; null when there is no such dealer. */
async function dealerDiscount(trx: Trx, dealerId: number): Promise<bigint | null> {
  const dealer = await trx.selectFrom('dealers').leftJoin('dealer_groups', 'dealer_groups.id', 'dealers.group_id')
    .select(['dealers.id', 'dealer_groups.discount_percent']).where('dealers.id', '=', dealerId).executeTakeFirst();
  return dealer ? basisPointsOf(dealer.discount_percent ?? 0) : null;
}

/** Prices the lines at today's prices; an unknown, inactive or repeated product is a 400 on its line. */
async function priceLines(trx: Trx, items: Array<{ product: number; quantity: number }>, discount: bigint): Promise<{ lines: PricedLine[]; total: bigint }> {
  const ids = [...new Set(items.map((item) => item.product))];
  const products = await trx.selectFrom('products').select(['id', 'price_cents', 'is_active']).where('id', 'in', ids).execute();
  const byId = new Map(products.map((product) => [product.id, product]));
  const fields: Record<string, MessageCode[]> = {};
  const seen = new Set<number>();
  let unavailable = false;
  const lines = items.map((item, index): PricedLine => {
    const product = byId.get(item.product);
    if (!product || !(product.is_active === true || product.is_active === 1)) {
      fields[`items.${index}.product`] = ['product_unavailable'];
      unavailable = true;
    } else if (seen.has(item.product)) {
      fields[`items.${index}.product`] = ['order_line_duplicate'];
    }
    seen.add(item.product);
    const price = product ? discounted(centsOf(product.price_cents), discount) : 0n;
    return { product_id: item.product, quantity: item.quantity, price_cents: price, amount_cents: price * BigInt(item.quantity) };
  });
  const total = lines.reduce((sum, line) => sum + line.amount_cents, 0n);
  lines.forEach((line, index) => {
    if (line.amount_cents > MAX_AMOUNT) fields[`items.${index}.quantity`] ??= ['field_too_large'];
  });
  if (total > MAX_AMOUNT && !Object.keys(fields).length) fields.total = ['field_too_large'];
  if (Object.keys(fields).length) throw new ApiError(400, unavailable ? 'product_unavailable' : 'invalid', fields);
  return { lines, total };
}

/** `min_order_total` (a decimal string; missing or empty: no minimum) as kopecks. */
async function minimumTotal(ctx: WriteContext): Promise<bigint | null> {
  const row = await ctx.trx.selectFrom('variables').select('value').where('key', '=', 'min_order_total').executeTakeFirst();
  // An administrator may well type "10 000,50".
  const text = (row?.value ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!text) return null;
  if (!new RegExp(MONEY_PATTERN).test(text)) {
    ctx.request.log.warn({ value: row?.value }, 'min_order_total is not a money value; no minimum applied');
    return null;
  }
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

async function checkMinimum(ctx: WriteContext, total: bigint): Promise<void> {
  const minimum = await minimumTotal(ctx);
  if (minimum !== null && total < minimum) {
    throw new ApiError(400, 'min_order_total', { total: ['min_order_total'] }, { minimum: formatMoney(minimum) });
  }
}

async function insertLines(trx: Trx, orderId: number, lines: PricedLine[]): Promise<void> {
  await trx.insertInto('order_items').values(lines.map((line) => ({
    order_id: orderId, product_id: line.product_id, quantity: line.quantity, price_cents: storedMoney(line.price_cents), amount_cents: storedMoney(line.amount_cents),
  }))).execute();
}

const orderItem = (row: Row) => ({
  id: row.id,
  number: row.number,
  dealer: row.dealer_id,
  dealer_name: row.dealer_name,
  status: row.status,
  items: (row.items ?? []).map((line: Row) => ({
    id: line.id, product: line.product_id, sku: line.sku, name: line.name, quantity: line.quantity,
    price: formatMoney(centsOf(line.price_cents)), amount: formatMoney(centsOf(line.amount_cents)),
  })),
  total: formatMoney(centsOf(row.total_cents)),
  comment: row.comment,
  document: documentOf(row, `/api/orders/${row.id}/download/`),
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
});

export const orders: AreaDefinition = {
  area: 'orders',
  path: '/orders/',
  table: 'orders',
  item: OrderSchema,
  // No join: a list's count reads the orders table alone (design §8: 100 000 orders); the dealer's
  // name and the document are subqueries, run for the rows of the page only.
  select: (db) => db.selectFrom('orders').selectAll('orders').select((eb) => [
    eb.selectFrom('dealers').select('dealers.name').whereRef('dealers.id', '=', 'orders.dealer_id').as('dealer_name'),
    ...(['name', 'content_type', 'size', 'sha256'] as const).map((column) =>
      eb.selectFrom('stored_files').select(`stored_files.${column}`).whereRef('stored_files.id', '=', 'orders.document_id').as(`document_${column}`)),
  ]),
  own: ownByOrder,
  filters: {
    status: { schema: statusSchema('orders'), column: 'orders.status' },
    dealer: { schema: RowId, column: 'orders.dealer_id' },
    ...createdBetween('orders.created_at'),
  },
  orderable: { id: 'orders.id', created_at: 'orders.created_at', number: 'orders.number', total: 'orders.total_cents', status: 'orders.status', updated_at: 'orders.updated_at' },
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'orders.comment'],
  // The lines of a whole page in one query.
  async expand(db, rows) {
    if (!rows.length) return rows;
    const lines = await db.selectFrom('order_items').innerJoin('products', 'products.id', 'order_items.product_id')
      .select(['order_items.id', 'order_items.order_id', 'order_items.product_id', 'order_items.quantity', 'order_items.price_cents', 'order_items.amount_cents', 'products.sku', 'products.name'])
      .where('order_items.order_id', 'in', rows.map((row) => row.id))
      .orderBy('order_items.order_id').orderBy('order_items.id').execute();
    const byOrder = new Map<number, Row[]>();
    for (const line of lines) {
      const list = byOrder.get(line.order_id);
      if (list) list.push(line);
      else byOrder.set(line.order_id, [line]);
    }
    return rows.map((row) => ({ ...row, items: byOrder.get(row.id) ?? [] }));
  },
  toItem: orderItem,
  body: {
    items: Type.Array(OrderLineBody, { minItems: 1, maxItems: MAX_ORDER_LINES }),
    comment: Type.Optional(Type.String({ maxLength: 5000 })),
    /** Staff name the dealer; a dealer's orders are its own dealer's (another one: 404). */
    dealer: Type.Optional(Nullable(RowId)),
    /** Staff only, one step at a time; a new order is always `new`. */
    status: Type.Optional(statusSchema('orders')),
  },
  form: true,
  async create(ctx) {
    const { trx, body, user, scope, file } = ctx;
    let dealerId: number;
    if (scope === 'own') {
      // Naming another dealer is asking for what the caller may not see.
      if (user.dealer === null || (body.dealer != null && body.dealer !== user.dealer)) throw notFound();
      dealerId = user.dealer;
    } else {
      if (body.dealer == null) throw new ApiError(400, 'invalid', { dealer: ['field_required'] });
      dealerId = body.dealer;
    }
    const discount = await dealerDiscount(trx, dealerId);
    if (discount === null) throw new ApiError(400, 'invalid', { dealer: ['field_choice'] });
    const { lines, total } = await priceLines(trx, body.items, discount);
    await checkMinimum(ctx, total);
    const now = nowIso();
    const { id } = await trx.insertInto('orders').values({
      // Unique until the id is known, a moment later in the same transaction.
      number: `new-${randomBytes(12).toString('hex')}`,
      dealer_id: dealerId,
      status: 'new',
      total_cents: storedMoney(total),
      comment: body.comment?.trim() ?? '',
      document_id: file,
      created_by: user.user_id,
      created_at: now,
      updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('orders').set({ number: orderNumber(id, now) }).where('id', '=', id).execute();
    await insertLines(trx, id, lines);
    return id;
  },
  async update(ctx, current) {
    const { trx, body, scope, file } = ctx;
    const order = await lockRow(ctx, 'orders', current.id);
    if (!order) throw notFound();
    const status: OrderStatus = body.status ?? order.status;
    const before = await trx.selectFrom('order_items').select(['product_id', 'quantity']).where('order_id', '=', order.id).orderBy('id').execute();
    const items: Array<{ product: number; quantity: number }> = body.items;
    const linesChanged = before.length !== items.length || before.some((line, i) => line.product_id !== items[i].product || line.quantity !== items[i].quantity);
    if (scope === 'own') {
      if (status !== order.status) throw new ApiError(403, 'forbidden', { status: ['forbidden'] });
      if (order.status !== 'new') throw new ApiError(409, 'not_editable');
    } else {
      checkTransition('orders', order.status, status);
      if (linesChanged && order.status !== 'new') throw new ApiError(409, 'not_editable', { items: ['not_editable'] });
    }
    const document = nextDocument(body, file, order.document_id);
    let total: bigint | undefined;
    if (linesChanged) {
      // Edited lines are priced again, all of them, at today's prices and discount.
      const discount = (await dealerDiscount(trx, order.dealer_id)) ?? 0n;
      const priced = await priceLines(trx, items, discount);
      await checkMinimum(ctx, priced.total);
      await trx.deleteFrom('order_items').where('order_id', '=', order.id).execute();
      await insertLines(trx, order.id, priced.lines);
      total = priced.total;
    }
    await trx.updateTable('orders').set({
      status,
      comment: body.comment === undefined ? order.comment : body.comment.trim(),
      document_id: document,
      ...(total === undefined ? {} : { total_cents: storedMoney(total) }),
      updated_at: nowIso(),
    }).where('id', '=', order.id).execute();
    await dropDocument(trx, order.document_id, document);
  },
  async remove(ctx, current) {
    const { trx, scope } = ctx;
    const order = await lockRow(ctx, 'orders', current.id);
    if (!order) throw notFound();
    if (scope === 'own' && order.status !== 'new') throw new ApiError(409, 'not_editable');
    // The documents of the order and of what hangs off it go with it.
    const requestFiles = await trx.selectFrom('order_deletion_requests').select('document_id').where('order_id', '=', order.id).execute();
    const shippingFiles = await trx.selectFrom('shippings').select('document_id').where('order_id', '=', order.id).execute();
    const files = [order.document_id, ...requestFiles.map((r) => r.document_id), ...shippingFiles.map((s) => s.document_id)].filter((id): id is number => id !== null);
    await trx.deleteFrom('orders').where('id', '=', order.id).execute();
    if (files.length) await trx.deleteFrom('stored_files').where('id', 'in', files).execute();
  },
  download: (row) => row.document_id,
};

// ---------------------------------------------------------------------------------------------
// Order-deletion requests.

export const OrderDeletionRequestSchema = Type.Object({
  id: Type.Integer(),
  order: Type.Integer(),
  order_number: Type.String(),
  reason: Type.String(),
  document: DocumentSchema,
  status: statusSchema('orderdelreq'),
  created_at: Timestamp,
  decided_at: Nullable(Timestamp),
});

/** Orders that may still be cancelled: not yet shipped, completed or cancelled. */
const DELETABLE: readonly OrderStatus[] = ['new', 'confirmed'];

export const orderDeletionRequests: AreaDefinition = {
  area: 'orderdelreq',
  path: '/orderdelreq/',
  table: 'order_deletion_requests',
  item: OrderDeletionRequestSchema,
  select: (db) => db.selectFrom('order_deletion_requests')
    .innerJoin('orders', 'orders.id', 'order_deletion_requests.order_id')
    .leftJoin('stored_files as document', 'document.id', 'order_deletion_requests.document_id')
    .selectAll('order_deletion_requests').select(['orders.number as order_number', 'orders.dealer_id', ...documentColumns]),
  own: ownByOrder,
  filters: orderChildFilters('order_deletion_requests', 'orderdelreq'),
  orderable: { id: 'order_deletion_requests.id', created_at: 'order_deletion_requests.created_at', decided_at: 'order_deletion_requests.decided_at', status: 'order_deletion_requests.status', order_number: 'orders.number' },
  nullable: ['order_deletion_requests.decided_at'],
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'order_deletion_requests.reason'],
  toItem: (row) => ({
    id: row.id, order: row.order_id, order_number: row.order_number, reason: row.reason,
    document: documentOf(row, `/api/orderdelreq/${row.id}/download/`), status: row.status,
    created_at: toIso(row.created_at), decided_at: toIso(row.decided_at ?? null),
  }),
  body: {
    order: RowId,
    reason: Text(5000),
    /** Staff only: `pending` → `approved` | `rejected`. A new request is always `pending`. */
    status: Type.Optional(statusSchema('orderdelreq')),
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
    const { id } = await trx.insertInto('order_deletion_requests').values({
      order_id: order.id, reason: body.reason.trim(), document_id: file, status: 'pending', created_by: user.user_id, created_at: nowIso(), decided_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    return id;
  },
  async update(ctx, current) {
    const { trx, body, file } = ctx;
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
      await trx.updateTable('orders').set({ status: 'cancelled', updated_at: nowIso() }).where('id', '=', order.id).execute();
    }
    const document = nextDocument(body, file, request.document_id);
    await trx.updateTable('order_deletion_requests').set({
      status, reason: body.reason.trim(), document_id: document, decided_at: decided ? nowIso() : request.decided_at,
    }).where('id', '=', request.id).execute();
    await dropDocument(trx, request.document_id, document);
  },
  async remove({ trx }, current) {
    await trx.deleteFrom('order_deletion_requests').where('id', '=', current.id).execute();
    await dropDocument(trx, current.document_id, null);
  },
  download: (row) => row.document_id,
};

// ---------------------------------------------------------------------------------------------
// Shipping.

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
});

/** Orders that may be shipped: confirmed ones, and shipped ones (another parcel). */
const SHIPPABLE: readonly OrderStatus[] = ['confirmed', 'shipped'];

export const shippings: AreaDefinition = {
  area: 'shippings',
  path: '/shippings/',
  createPath: '/shipping/create/',
  table: 'shippings',
  item: ShippingSchema,
  select: (db) => db.selectFrom('shippings')
    .innerJoin('orders', 'orders.id', 'shippings.order_id')
    .leftJoin('stored_files as document', 'document.id', 'shippings.document_id')
    .selectAll('shippings').select(['orders.number as order_number', 'orders.dealer_id', ...documentColumns]),
  own: ownByOrder,
  filters: orderChildFilters('shippings', 'shippings'),
  orderable: { id: 'shippings.id', created_at: 'shippings.created_at', shipped_at: 'shippings.shipped_at', status: 'shippings.status', order_number: 'orders.number' },
  nullable: ['shippings.shipped_at'],
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'shippings.carrier', 'shippings.tracking_number'],
  toItem: (row) => ({
    id: row.id, order: row.order_id, order_number: row.order_number, dealer: row.dealer_id, carrier: row.carrier, tracking_number: row.tracking_number,
    status: row.status, shipped_at: toIso(row.shipped_at ?? null), document: documentOf(row, `/api/shippings/${row.id}/download/`), created_at: toIso(row.created_at),
  }),
  body: {
    order: RowId,
    carrier: Type.Optional(Type.String({ maxLength: 100 })),
    tracking_number: Type.Optional(Type.String({ maxLength: 100 })),
    /** One step at a time; a new shipping is always `preparing`. */
    status: Type.Optional(statusSchema('shippings')),
  },
  form: true,
  async create(ctx) {
    const { trx, body, file } = ctx;
    const order = await lockRow(ctx, 'orders', body.order);
    if (!order) throw new ApiError(400, 'invalid', { order: ['field_choice'] });
    if (!SHIPPABLE.includes(order.status)) throw new ApiError(409, 'order_not_shippable');
    const { id } = await trx.insertInto('shippings').values({
      order_id: order.id, carrier: body.carrier?.trim() ?? '', tracking_number: body.tracking_number?.trim() ?? '',
      status: 'preparing', shipped_at: null, document_id: file, created_at: nowIso(),
    }).returning('id').executeTakeFirstOrThrow();
    return id;
  },
  async update(ctx, current) {
    const { trx, body, file } = ctx;
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
      if (order.status === 'confirmed') await trx.updateTable('orders').set({ status: 'shipped', updated_at: now }).where('id', '=', order.id).execute();
    }
    if (moved && status === 'delivered' && order.status === 'shipped') {
      // The last parcel delivered completes the order.
      const undelivered = await trx.selectFrom('shippings').select('id')
        .where('order_id', '=', order.id).where('id', '!=', shipping.id).where('status', '!=', 'delivered').executeTakeFirst();
      if (!undelivered) await trx.updateTable('orders').set({ status: 'completed', updated_at: now }).where('id', '=', order.id).execute();
    }
    const document = nextDocument(body, file, shipping.document_id);
    await trx.updateTable('shippings').set({
      status,
      carrier: body.carrier === undefined ? shipping.carrier : body.carrier.trim(),
      tracking_number: body.tracking_number === undefined ? shipping.tracking_number : body.tracking_number.trim(),
      shipped_at: moved && status === 'in_transit' ? now : shipping.shipped_at,
      document_id: document,
    }).where('id', '=', shipping.id).execute();
    await dropDocument(trx, shipping.document_id, document);
  },
  async remove({ trx }, current) {
    await trx.deleteFrom('shippings').where('id', '=', current.id).execute();
    await dropDocument(trx, current.document_id, null);
  },
  download: (row) => row.document_id,
};
