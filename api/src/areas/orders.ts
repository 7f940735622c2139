// Orders (design §4-5). The server prices every order: each line at the product's price after the
// dealer's group discount (half up to the kopeck), in exact kopecks; the client's word on prices is
// never asked. A dealer sees and writes only the orders of its own dealer (narrowed in SQL, so
// another dealer's order is 404), edits or deletes one only while it is `new` and never changes a
// status; staff move statuses one step at a time. Deleting an order takes its documents and those
// of its deletion requests and shipping with it. A new order's lines say what is available now
// (`available`, so that a shortage shows before «Подтвердить»); every edit of the lines, comment or
// document is kept with who and what changed (`edits`, migration 0021).
import { randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import type { OrderItemsTable, OrdersTable, OrderStatus } from '../db/tables/orders';
import { ApiError, notFound } from '../lib/api-error';
import { createdBetween, defineArea, listedValues, withListedFilters, type WriteContext } from '../lib/area';
import { isDealerActive } from '../lib/dealers';
import { DocumentSchema, documentOf, dropDocument, nextDocument, type DocumentColumns } from '../lib/documents';
import { checkTransition, lifecycles, statusSchema } from '../lib/lifecycle';
import type { MessageCode } from '../lib/messages';
import { basisPointsOf, centsOf, discounted, formatMoney, moneyWords, storedMoney } from '../lib/money';
import { minimumOrderTotal } from '../repositories/variables';
import { lockRow, MAX_LINE_QUANTITY, ownByOrder } from '../lib/order-children';
import { notifierOf, notifyDealer, orderStatusNotice } from '../lib/notify';
import { moveStock, releaseStock } from '../lib/stock';
import { historiesOf, historySchema, recordChange, StatusComment, type StatusChange } from '../lib/status-history';
import { Nullable, RowId, Timestamp, writeBody } from '../schemas/common';

type Trx = Transaction<Database>;

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
  /**
   * While the order is new: what is available of the product now, across the warehouses (quantity −
   * reserved), so that a shortage shows before «Подтвердить»; null once it is confirmed (its units are
   * reserved), shipped or closed. Always sent (optional for clients written before it).
   */
  available: Type.Optional(Nullable(Type.Integer())),
});

/** One edit of an order's lines, comment or document: who, when and what changed. */
export const OrderEditSchema = Type.Object({
  when: Timestamp,
  /** The name of who edited it; null when unknown (a removed user). */
  who: Nullable(Type.String()),
  who_id: Nullable(Type.Integer()),
  /** The lines that changed: added (from null), removed (to null) or with another quantity. */
  lines: Type.Array(Type.Object({
    product: Type.Integer(),
    sku: Type.String(),
    name: Type.String(),
    from: Nullable(Type.Integer()),
    to: Nullable(Type.Integer()),
  })),
  comment: Nullable(Type.Object({ from: Type.String(), to: Type.String() })),
  /** The document's name before and after (null: none). */
  document: Nullable(Type.Object({ from: Nullable(Type.String()), to: Nullable(Type.String()) })),
});

type OrderEdit = Static<typeof OrderEditSchema>;
/** What an edit keeps in `order_edits.changes`. */
type EditChanges = Pick<OrderEdit, 'lines' | 'comment' | 'document'>;

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
  history: historySchema('orders'),
  /** Every edit of the lines, comment or document, oldest first. Always sent (optional for clients written before it). */
  edits: Type.Optional(Type.Array(OrderEditSchema)),
});

export const MAX_ORDER_LINES = 200;
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

/** A stored file's name; null for none. */
async function fileName(trx: Trx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await trx.selectFrom('stored_files').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
}

async function checkMinimum(ctx: WriteContext, total: bigint): Promise<void> {
  const minimum = await minimumOrderTotal(ctx.trx, (value) => ctx.request.log.warn({ value }, 'min_order_total is not a money value; no minimum applied'));
  if (minimum !== null && total < minimum) {
    throw new ApiError(400, 'min_order_total', { total: ['min_order_total'] }, { minimum: moneyWords(minimum) });
  }
}

async function insertLines(trx: Trx, orderId: number, lines: PricedLine[]): Promise<void> {
  await trx.insertInto('order_items').values(lines.map((line) => ({
    order_id: orderId, product_id: line.product_id, quantity: line.quantity, price_cents: storedMoney(line.price_cents), amount_cents: storedMoney(line.amount_cents),
  }))).execute();
}

/** An order as `select` reads it: the dealer's name and the document's columns come with it. */
type OrderRow = Selectable<OrdersTable> & DocumentColumns & { dealer_name: string | null };

/** An order line with its product's SKU and name. */
type LineRow = Pick<Selectable<OrderItemsTable>, 'id' | 'order_id' | 'product_id' | 'quantity' | 'price_cents' | 'amount_cents'> & { sku: string; name: string };

/** The order's document, for the subqueries of `select`. */
const documentFile = (eb: ExpressionBuilder<Database, 'orders'>) => eb.selectFrom('stored_files').whereRef('stored_files.id', '=', 'orders.document_id');

/** An order row with what `expand` adds: its lines (with what is available while it is new), its status history and its edits. */
type ExpandedOrder = OrderRow & { items: Array<LineRow & { available: number | null }>; history: Array<StatusChange<'orders'>>; edits: OrderEdit[] };

const orderItem = (row: ExpandedOrder): Static<typeof OrderSchema> => ({
  id: row.id,
  number: row.number,
  dealer: row.dealer_id,
  dealer_name: row.dealer_name ?? '',
  status: row.status,
  items: row.items.map((line) => ({
    id: line.id, product: line.product_id, sku: line.sku, name: line.name, quantity: line.quantity,
    price: formatMoney(centsOf(line.price_cents)), amount: formatMoney(centsOf(line.amount_cents)), available: line.available,
  })),
  total: formatMoney(centsOf(row.total_cents)),
  comment: row.comment,
  document: documentOf(row, `/api/orders/${row.id}/download/`),
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
  history: row.history,
  edits: row.edits,
});

/** What is available of each product now, across the warehouses (quantity − reserved). */
async function availableOf(db: Kysely<Database>, products: number[]): Promise<Map<number, number>> {
  if (!products.length) return new Map();
  const rows = await db.selectFrom('store_items').select(['product_id', sql<number | string>`sum(quantity - reserved)`.as('available')])
    .where('product_id', 'in', products).groupBy('product_id').execute();
  return new Map(rows.map((row) => [row.product_id, Math.max(0, Number(row.available))]));
}

/** The edits of the orders, oldest first, in one query. */
async function editsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, OrderEdit[]>> {
  const byOrder = new Map<number, OrderEdit[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byOrder;
  const rows = await db.selectFrom('order_edits').leftJoin('users', 'users.id', 'order_edits.changed_by')
    .select(['order_edits.order_id', 'order_edits.changed_by', 'order_edits.changed_at', 'order_edits.changes', 'users.first_name', 'users.last_name', 'users.email'])
    .where('order_edits.order_id', 'in', ids).orderBy('order_edits.id').execute();
  for (const row of rows) {
    const changes = JSON.parse(row.changes) as Partial<EditChanges>;
    const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.email;
    byOrder.get(row.order_id)?.push({
      when: toIso(row.changed_at), who: row.changed_by === null ? null : name ?? null, who_id: row.changed_by,
      lines: changes.lines ?? [], comment: changes.comment ?? null, document: changes.document ?? null,
    });
  }
  return byOrder;
}

/** The lines whose quantity changed, were added or removed, with the product's SKU and name. */
async function changedLines(trx: Trx, before: Array<{ product_id: number; quantity: number }>, after: Array<{ product: number; quantity: number }>): Promise<EditChanges['lines']> {
  const was = new Map(before.map((line) => [line.product_id, line.quantity]));
  const now = new Map(after.map((line) => [line.product, line.quantity]));
  const products = [...new Set([...was.keys(), ...now.keys()])].filter((product) => was.get(product) !== now.get(product));
  if (!products.length) return [];
  const named = new Map((await trx.selectFrom('products').select(['id', 'sku', 'name']).where('id', 'in', products).execute()).map((p) => [p.id, p]));
  return products.map((product) => ({
    product, sku: named.get(product)?.sku ?? '', name: named.get(product)?.name ?? '', from: was.get(product) ?? null, to: now.get(product) ?? null,
  }));
}

// With `status__in` (lib/area.ts makes it of `status`): the count below must know every filter.
const ORDER_FILTERS = withListedFilters({
  status: { schema: statusSchema('orders'), column: 'orders.status' as const },
  dealer: { schema: RowId, column: 'orders.dealer_id' as const },
  ...createdBetween('orders.created_at'),
});

export const orders = defineArea({
  area: 'orders',
  path: '/orders/',
  table: 'orders',
  item: OrderSchema,
  // No join: a list's count reads the orders table alone (design §8: 100 000 orders); the dealer's
  // name and the document are subqueries, run for the rows of the page only.
  select: (db: Kysely<Database>) => db.selectFrom('orders').selectAll('orders').select((eb) => [
    eb.selectFrom('dealers').select('dealers.name').whereRef('dealers.id', '=', 'orders.dealer_id').as('dealer_name'),
    documentFile(eb).select('stored_files.name').as('document_name'),
    documentFile(eb).select('stored_files.content_type').as('document_content_type'),
    documentFile(eb).select('stored_files.size').as('document_size'),
    documentFile(eb).select('stored_files.sha256').as('document_sha256'),
    // A new order's lines say what is available now: its kept item (lib/list-cache.ts) is stamped
    // with the store items' change counter, so that a stock change builds it again. A confirmed or
    // closed order's item does not depend on stock and keeps its stamp.
    sql<number | string | null>`case when orders.status = 'new' then (select version from data_versions where name = 'store_items') end`.as('stock_version'),
  ]),
  own: ownByOrder,
  filters: ORDER_FILTERS,
  // Narrowed by dealer and status only (a dealer's orders, staff's orders in a status), a list counts
  // from the counts the triggers keep (migration 0013) instead of reading thousands of index entries.
  async count(db, request, params) {
    const narrowed = Object.keys(ORDER_FILTERS).filter((name) => params[name] !== undefined);
    if ((typeof params.search === 'string' && params.search.trim()) || narrowed.some((name) => name !== 'status' && name !== 'status__in' && name !== 'dealer')) return undefined;
    let query = db.selectFrom('order_counts').select((eb) => eb.fn.sum<number | string | null>('count').as('count'));
    if (request.scope === 'own') query = query.where('dealer_id', '=', request.user!.dealer ?? -1);
    if (params.dealer !== undefined) query = query.where('dealer_id', '=', params.dealer as number);
    if (params.status !== undefined) query = query.where('status', '=', params.status as OrderStatus);
    if (params.status__in !== undefined) query = query.where('status', 'in', listedValues('status__in', params.status__in, Object.keys(lifecycles.orders) as OrderStatus[]));
    return Number((await query.executeTakeFirst())?.count ?? 0);
  },
  orderable: { id: 'orders.id', created_at: 'orders.created_at', number: 'orders.number', total: 'orders.total_cents', status: 'orders.status', updated_at: 'orders.updated_at' },
  defaultOrdering: '-created_at',
  searchable: ['orders.number', 'orders.comment'],
  // The lines and the histories of a whole page, a query each.
  async expand(db: Kysely<Database>, rows: OrderRow[]): Promise<ExpandedOrder[]> {
    if (!rows.length) return [];
    const lines = await db.selectFrom('order_items').innerJoin('products', 'products.id', 'order_items.product_id')
      .select(['order_items.id', 'order_items.order_id', 'order_items.product_id', 'order_items.quantity', 'order_items.price_cents', 'order_items.amount_cents', 'products.sku', 'products.name'])
      .where('order_items.order_id', 'in', rows.map((row) => row.id))
      .orderBy('order_items.order_id').orderBy('order_items.id').execute();
    const byOrder = new Map<number, LineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.order_id);
      if (list) list.push(line);
      else byOrder.set(line.order_id, [line]);
    }
    const histories = await historiesOf(db, 'orders', rows.map((row) => row.id));
    const edits = await editsOf(db, rows.map((row) => row.id));
    const newOrders = new Set(rows.filter((row) => row.status === 'new').map((row) => row.id));
    const available = await availableOf(db, [...new Set(lines.filter((line) => newOrders.has(line.order_id)).map((line) => line.product_id))]);
    return rows.map((row) => ({
      ...row,
      items: (byOrder.get(row.id) ?? []).map((line) => ({ ...line, available: newOrders.has(row.id) ? available.get(line.product_id) ?? 0 : null })),
      history: histories.get(row.id) ?? [],
      edits: edits.get(row.id) ?? [],
    }));
  },
  toItem: orderItem,
  // An order's item is its row (with the dealer's name and the document), its lines and its history:
  // the last two change the row's detail_version, their products' and users' names the `names`
  // counter (migration 0012). A page built anew after a write builds only the changed orders.
  keepItems: true,
  body: {
    items: Type.Array(OrderLineBody, { minItems: 1, maxItems: MAX_ORDER_LINES }),
    comment: Type.Optional(Type.String({ maxLength: 5000 })),
    /** Staff name the dealer; a dealer's orders are its own dealer's (another one: 404). */
    dealer: Type.Optional(Nullable(RowId)),
    /** Staff only, one step at a time; a new order is always `new`. */
    status: Type.Optional(statusSchema('orders')),
    status_comment: StatusComment,
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
    // A deactivated dealer orders nothing: its own users are refused, staff cannot name it.
    if (!(await isDealerActive(trx, dealerId))) throw scope === 'own' ? new ApiError(403, 'dealer_inactive') : new ApiError(400, 'invalid', { dealer: ['dealer_inactive'] });
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
    await recordChange(trx, 'orders', id, { from: null, to: 'new', by: user.user_id, at: now });
    return id;
  },
  async update(ctx, current) {
    const { trx, body, scope, file, user } = ctx;
    const order = await lockRow(ctx, 'orders', current.id);
    if (!order) throw notFound();
    const status: OrderStatus = body.status ?? order.status;
    const before = await trx.selectFrom('order_items').select(['product_id', 'quantity']).where('order_id', '=', order.id).orderBy('id').execute();
    const { items } = body;
    const linesChanged = before.length !== items.length || before.some((line, i) => line.product_id !== items[i].product || line.quantity !== items[i].quantity);
    if (scope === 'own') {
      if (status !== order.status) throw new ApiError(403, 'forbidden', { status: ['forbidden'] });
      if (order.status !== 'new') throw new ApiError(409, 'not_editable');
    } else {
      checkTransition('orders', order.status, status);
      if (linesChanged && order.status !== 'new') throw new ApiError(409, 'not_editable', { items: ['not_editable'] });
    }
    const document = nextDocument(body, file, order.document_id);
    const comment = body.comment === undefined ? order.comment : body.comment.trim();
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
    // Confirming reserves the stock, shipping takes it out, cancelling releases it (409 when short).
    await moveStock(ctx, order.id, order.status, status);
    const now = nowIso();
    await trx.updateTable('orders').set({
      status,
      comment,
      document_id: document,
      ...(total === undefined ? {} : { total_cents: storedMoney(total) }),
      updated_at: now,
    }).where('id', '=', order.id).execute();
    if (status !== order.status) await recordChange(trx, 'orders', order.id, { from: order.status, to: status, by: user.user_id, comment: body.status_comment, at: now });
    if (status !== order.status && status !== 'new') await notifyDealer(notifierOf(ctx), order.dealer_id, orderStatusNotice(order, status, { comment: body.status_comment }));
    // An edit of the lines, the comment or the document is kept with what changed.
    const changes: EditChanges = {
      lines: linesChanged ? await changedLines(trx, before, items) : [],
      comment: comment === order.comment ? null : { from: order.comment, to: comment },
      document: document === order.document_id ? null : { from: await fileName(trx, order.document_id), to: await fileName(trx, document) },
    };
    if (changes.lines.length || changes.comment || changes.document) {
      await trx.insertInto('order_edits').values({ order_id: order.id, changed_by: user.user_id, changed_at: now, changes: JSON.stringify(changes) }).execute();
    }
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
    // A confirmed order's reservation goes back to the warehouses.
    await releaseStock(ctx, order.id);
    await trx.deleteFrom('orders').where('id', '=', order.id).execute();
    if (files.length) await trx.deleteFrom('stored_files').where('id', 'in', files).execute();
  },
  download: (row) => row.document_id,
});
