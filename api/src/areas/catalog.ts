// The catalogue (design §4-5): products for staff, the same products with the dealer's price for
// dealers (`/api/dp/`), and stock in the warehouses.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { Type, type Static, type TObject } from 'typebox';
import type { Database } from '../db/database';
import type { ProductsTable } from '../db/tables/products';
import { nowIso, toBool, toIso } from '../db/dialect';
import { ApiError, notFound } from '../lib/api-error';
import { defineArea, type AreaRoutes, type Filter } from '../lib/area';
import { documentColumns, DocumentSchema, documentOf } from '../lib/documents';
import { sendStoredFile, storeFile } from '../lib/files';
import { lowStockThreshold } from '../repositories/variables';
import { readForm } from '../lib/form';
import { countRows, pageOf } from '../lib/list';
import { insertMovement, MAX_STOCK, parseQuantity, recordMovement } from '../lib/stock';
import type { AccessClaims } from '../lib/tokens';
import { basisPointsOf, centsOf, discounted, formatMoney, MONEY_FIELD, parseDecimal } from '../lib/money';
import { DecimalInput, errorResponses, ListQuery, Nullable, Page, RowId, Text, Timestamp } from '../schemas/common';

export const ProductSchema = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: Type.String(),
  unit: Type.String(),
  price: Type.String(),
  is_active: Type.Boolean(),
  /** In stock across the warehouses, less what is reserved. */
  available: Type.Integer(),
  created_at: Timestamp,
});

export const DealerProductSchema = Type.Object({ ...ProductSchema.properties, dealer_price: Type.String(), discount_percent: Type.String() });

/** At most this many SKUs in one `sku__in` (a quick order's lines). */
const MAX_SKUS = 500;

const productFilters = {
  category: { schema: Type.String({ maxLength: 100 }), column: 'products.category' } as Filter<'products.category'>,
  is_active: { schema: Type.Boolean(), column: 'products.is_active' } as Filter<'products.is_active'>,
  /** Exactly this SKU (a quick order's line). */
  sku: { schema: Type.String({ maxLength: 64 }), column: 'products.sku' } as Filter<'products.sku'>,
  /** Any of these SKUs, comma-separated: a quick order's lines in one request. */
  sku__in: {
    schema: Type.String({ maxLength: MAX_SKUS * 65, description: `Comma-separated SKUs, at most ${MAX_SKUS}.` }),
    column: 'products.sku',
    condition: (column, value) => {
      const skus = [...new Set(String(value).split(',').map((sku) => sku.trim()).filter(Boolean))];
      if (skus.length > MAX_SKUS) throw new ApiError(400, 'invalid', { sku__in: ['field_too_large'] });
      return skus.length ? sql<SqlBool>`${column} in (${sql.join(skus)})` : sql<SqlBool>`1 = 0`;
    },
  } as Filter<'products.sku'>,
  /** true: something is available (quantity − reserved > 0 across the warehouses); false: nothing is. */
  in_stock: {
    schema: Type.Boolean(),
    column: 'products.id',
    condition: (column, value) => sql<SqlBool>`(select coalesce(sum(store_items.quantity - store_items.reserved), 0) from store_items where store_items.product_id = ${column}) ${sql.raw(value ? '>' : '<=')} 0`,
  } as Filter<'products.id'>,
};
const productOrdering = { id: 'products.id', sku: 'products.sku', name: 'products.name', category: 'products.category', price: 'products.price_cents', created_at: 'products.created_at' } as const;

const availableStock = (eb: ExpressionBuilder<Database, 'products'>) => eb.selectFrom('store_items')
  .select(sql<number>`coalesce(sum(store_items.quantity - store_items.reserved), 0)`.as('available'))
  .whereRef('store_items.product_id', '=', 'products.id')
  .as('available');

/** A product row with what is available of it. */
type ProductRow = Selectable<ProductsTable> & { available: number | string | null };

const productItem = (row: ProductRow): Static<typeof ProductSchema> => ({
  id: row.id, sku: row.sku, name: row.name, description: row.description, category: row.category, unit: row.unit,
  price: formatMoney(centsOf(row.price_cents)), is_active: toBool(row.is_active), available: Number(row.available ?? 0), created_at: toIso(row.created_at),
});

const productBody = {
  sku: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-zА-Яа-яЁё._/-]+$' }),
  name: Text(300),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  category: Text(100),
  unit: Type.Optional(Type.String({ maxLength: 20 })),
  price: DecimalInput,
  is_active: Type.Optional(Type.Boolean()),
};

const productColumns = (body: Static<TObject<typeof productBody>>) => ({
  sku: body.sku.trim(), name: body.name.trim(), description: body.description ?? '', category: body.category.trim(),
  unit: body.unit?.trim() || 'шт', price_cents: parseDecimal(body.price, 'price', MONEY_FIELD).toString(), is_active: body.is_active ?? true,
});

export const products = defineArea({
  area: 'products',
  path: '/products/',
  table: 'products',
  item: ProductSchema,
  select: (db: Kysely<Database>) => db.selectFrom('products').selectAll('products').select(availableStock),
  filters: productFilters,
  orderable: productOrdering,
  defaultOrdering: 'name',
  searchable: ['products.sku', 'products.name', 'products.description'],
  toItem: productItem,
  body: productBody,

  async create({ trx, body }) {
    const row = await trx.insertInto('products').values({ ...productColumns(body), created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update({ trx, body }, current) {
    await trx.updateTable('products').set(productColumns(body)).where('id', '=', current.id).execute();
  },
  remove: 'row',
});

/** A dealer's products: active ones only, with the price after its group's discount. */
export const dealerProducts = defineArea({
  area: 'dp',
  path: '/dp/',
  table: 'products',
  item: DealerProductSchema,
  // Only dealers read /api/dp/: the discount is the caller's own dealer's.
  select: (db: Kysely<Database>, user: AccessClaims | null) => db.selectFrom('products').selectAll('products').select(availableStock)
    .select((eb) => eb.selectFrom('dealers').innerJoin('dealer_groups', 'dealer_groups.id', 'dealers.group_id')
      .select('dealer_groups.discount_percent').where('dealers.id', '=', user?.dealer ?? -1).as('discount_percent'))
    .where('products.is_active', '=', true),
  filters: { category: productFilters.category, sku: productFilters.sku, sku__in: productFilters.sku__in, in_stock: productFilters.in_stock },
  orderable: productOrdering,
  defaultOrdering: 'name',
  searchable: ['products.sku', 'products.name', 'products.description'],
  toItem: (row): Static<typeof DealerProductSchema> => {
    const percent = row.discount_percent ?? 0;
    return { ...productItem(row), dealer_price: formatMoney(discounted(centsOf(row.price_cents), basisPointsOf(percent))), discount_percent: Number(percent).toFixed(2) };
  },
});

export const StoreItemSchema = Type.Object({
  id: Type.Integer(),
  product: Type.Integer(),
  product_sku: Type.String(),
  product_name: Type.String(),
  /** The product's unit («шт», «м»): what the quantity counts (always sent; optional for clients written before it). */
  product_unit: Type.Optional(Type.String()),
  warehouse: Type.String(),
  /** Staff only: on hand. */
  quantity: Type.Optional(Type.Integer({ description: 'Staff only: the units on hand.' })),
  /** Staff only: what confirmed orders hold; a dealer would see other dealers' orders in it (issue 30 item 7). */
  reserved: Type.Optional(Type.Integer({ description: 'Staff only: the units confirmed orders hold.' })),
  available: Type.Integer(),
  updated_at: Timestamp,
});

const Count = Type.Integer({ minimum: 0, maximum: MAX_STOCK });
// `reserved` is the orders' (lib/stock.ts): sent back with the item, it is ignored. A changed
// `quantity` is recorded as a correction (design §5), with `reason` when one is given; without
// `quantity` a new item starts at 0 and an edited one keeps its total (so an edit of the product or
// warehouse never overwrites what movements did meanwhile).
const storeItemBody = { product: RowId, warehouse: Text(100), quantity: Type.Optional(Count), reason: Type.Optional(Type.String({ maxLength: 500 })) };
const storeItemColumns = (body: Static<TObject<typeof storeItemBody>>, quantity: number) => ({ product_id: body.product, warehouse: body.warehouse.trim(), quantity, updated_at: nowIso() });

const storeItemArea = defineArea({
  area: 'storeitems',
  path: '/storeitems/',
  createPath: '/storeitem/create/',
  table: 'store_items',
  item: StoreItemSchema,
  // A dealer gets what is available per warehouse, never what is on hand or reserved: those would
  // show other dealers' confirmed orders. Left out in SQL, so no path (a list, an item, a CSV) has them.
  select: (db: Kysely<Database>, user: AccessClaims | null) => {
    const staff = user !== null && user.role !== 'dealer';
    return db.selectFrom('store_items').innerJoin('products', 'products.id', 'store_items.product_id')
      .select(['store_items.id', 'store_items.product_id', 'store_items.warehouse', 'store_items.updated_at'])
      .select(['products.sku as product_sku', 'products.name as product_name', 'products.unit as product_unit'])
      .select(staff ? sql<number | null>`store_items.quantity`.as('quantity') : sql<number | null>`null`.as('quantity'))
      .select(staff ? sql<number | null>`store_items.reserved`.as('reserved') : sql<number | null>`null`.as('reserved'))
      .select(sql<number>`store_items.quantity - store_items.reserved`.as('available'));
  },
  filters: {
    product: { schema: RowId, column: 'store_items.product_id' },
    warehouse: { schema: Type.String({ maxLength: 100 }), column: 'store_items.warehouse' },
    category: { schema: Type.String({ maxLength: 100 }), column: 'products.category' },
    /**
     * true: running out, what is available (quantity − reserved) at or below the setting
     * `low_stock_threshold` (default 10; design §3); false: the others.
     */
    running_out: {
      schema: Type.Boolean({ description: 'true: available (quantity − reserved) at or below the setting `low_stock_threshold` (default 10); false: above it.' }),
      column: 'store_items.quantity',
      condition: async (_column, value, { db }) => sql<SqlBool>`store_items.quantity - store_items.reserved ${sql.raw(value ? '<=' : '>')} ${await lowStockThreshold(db)}`,
    },
  },
  orderable: {
    id: 'store_items.id', warehouse: 'store_items.warehouse', quantity: 'store_items.quantity',
    product: 'products.name', sku: 'products.sku', updated_at: 'store_items.updated_at',
  },
  defaultOrdering: 'product',
  searchable: ['products.sku', 'products.name', 'store_items.warehouse'],
  toItem: (row) => ({
    id: row.id, product: row.product_id, product_sku: row.product_sku, product_name: row.product_name, product_unit: row.product_unit, warehouse: row.warehouse,
    ...(row.quantity === null ? {} : { quantity: Number(row.quantity), reserved: Number(row.reserved) }),
    available: Math.max(0, Number(row.available)), updated_at: toIso(row.updated_at),
  }),
  body: storeItemBody,
  async create({ trx, body, user }) {
    const columns = storeItemColumns(body, body.quantity ?? 0);
    const row = await trx.insertInto('store_items').values({ ...columns, reserved: 0 }).returning('id').executeTakeFirstOrThrow();
    // The new item's first quantity is its opening correction: the total is the sum from the start.
    await insertMovement(trx, { storeItem: row.id, kind: 'correction', quantity: columns.quantity, change: columns.quantity, total: columns.quantity, reason: body.reason?.trim() || OPENING, by: user.user_id, at: columns.updated_at });
    return row.id;
  },
  async update(ctx, current) {
    const { trx, body, user } = ctx;
    // The quantity before, read under the row's lock (PostgreSQL; SQLite writes one at a time), so that the correction's change is exact.
    let locked = trx.selectFrom('store_items').select('quantity').where('id', '=', current.id);
    if (ctx.request.server.dialect === 'postgres') locked = locked.forUpdate();
    const before = await locked.executeTakeFirst();
    if (!before) throw notFound();
    // Never fewer units than confirmed orders hold; compared in the UPDATE itself, so a confirmation
    // meanwhile cannot slip under it. Moving reserved units to another product is refused too.
    const columns = storeItemColumns(body, body.quantity ?? before.quantity);
    const changed = await trx.updateTable('store_items').set(columns).where('id', '=', current.id)
      .where((eb) => eb.and([eb('reserved', '<=', columns.quantity), eb.or([eb('reserved', '=', 0), eb('product_id', '=', body.product)])]))
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      const now = await trx.selectFrom('store_items').select('reserved').where('id', '=', current.id).executeTakeFirstOrThrow();
      throw new ApiError(409, 'stock_below_reserved', { quantity: ['stock_below_reserved'] }, { reserved: String(now.reserved) });
    }
    // Overwriting the total is a recorded correction (design §5).
    if (columns.quantity !== before.quantity) {
      await insertMovement(trx, { storeItem: current.id, kind: 'correction', quantity: columns.quantity, change: columns.quantity - before.quantity, total: columns.quantity, reason: body.reason?.trim() ?? '', by: user.user_id, at: columns.updated_at });
    }
  },
  // A store item that holds a reservation is in use (409); its movements go with it.
  remove: 'row',
});

/** The reason of a store item's first quantity (and of migration 0018's opening corrections). */
const OPENING = 'Начальный остаток';

// Stock movements (design §5, §6): GET|POST /api/storeitems/{id}/movements/, staff only.
export const StockMovementSchema = Type.Object({
  id: Type.Integer(),
  store_item: Type.Integer(),
  kind: Type.Enum(['receipt', 'write_off', 'correction', 'shipment'], { type: 'string' }),
  /** As entered: the units received, written off or shipped; for a correction, the new total. */
  quantity: Type.Integer(),
  /** What the movement added to the total (negative for a write-off or a shipment). */
  change: Type.Integer(),
  /** The store item's quantity after the movement. */
  total: Type.Integer(),
  reason: Type.String(),
  document: DocumentSchema,
  /** The order a shipment took the units out for. */
  order: Nullable(Type.Integer()),
  order_number: Nullable(Type.String()),
  created_by: Nullable(Type.Integer()),
  created_by_name: Type.String(),
  created_at: Timestamp,
});

/** A movement as a client records it: JSON, or multipart form-data with the document in `document`. */
const MovementBody = Type.Object({
  kind: Type.Enum(['receipt', 'write_off', 'correction'], { type: 'string' }),
  /** A whole number: more than 0; for a correction (the new total), 0 or more. Never rounded. */
  quantity: Type.Union([Type.Number(), Type.String({ maxLength: 40 })]),
  reason: Text(500),
  /** Sent in a form as a file (JSON carries none); `null` or empty: no document. */
  document: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 0 })])),
}, { additionalProperties: false });

const MovementParams = Type.Object({ id: RowId });
const MovementFileParams = Type.Object({ id: RowId, movement: RowId });
const DOCUMENT_FIELD = 'document';

const movementsOf = (db: Kysely<Database>, storeItem: number) => db.selectFrom('stock_movements')
  .leftJoin('users', 'users.id', 'stock_movements.created_by')
  .leftJoin('orders', 'orders.id', 'stock_movements.order_id')
  .leftJoin('stored_files as document', 'document.id', 'stock_movements.document_id')
  .selectAll('stock_movements')
  .select(['users.first_name', 'users.last_name', 'users.email', 'orders.number as order_number', ...documentColumns])
  .where('stock_movements.store_item_id', '=', storeItem);

type MovementRow = Awaited<ReturnType<ReturnType<typeof movementsOf>['executeTakeFirstOrThrow']>>;

const movementItem = (row: MovementRow): Static<typeof StockMovementSchema> => ({
  id: row.id, store_item: row.store_item_id, kind: row.kind, quantity: row.quantity, change: row.change, total: row.total, reason: row.reason,
  document: documentOf(row, `/api/storeitems/${row.store_item_id}/movements/${row.id}/download/`),
  order: row.order_id, order_number: row.order_number ?? null, created_by: row.created_by,
  created_by_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || (row.email ?? ''),
  created_at: toIso(row.created_at),
});

async function storeItemExists(app: FastifyInstance, id: number): Promise<void> {
  if (!(await app.db.selectFrom('store_items').select('id').where('id', '=', id).executeTakeFirst())) throw notFound();
}

function registerMovements(app: FastifyInstance): void {
  const MovementsQuery = ListQuery();

  app.get('/storeitems/:id/movements/', {
    config: { permission: { area: 'stockmovements', action: 'list' } },
    schema: { params: MovementParams, querystring: MovementsQuery, response: { 200: Page(StockMovementSchema), ...errorResponses } },
  }, async (request) => {
    const { id } = request.params as Static<typeof MovementParams>;
    const params = request.query as Static<typeof MovementsQuery>;
    await storeItemExists(app, id);
    const query = movementsOf(app.db, id);
    const page = await pageOf(request, query.orderBy('stock_movements.id', 'desc'), params, await countRows(query));
    return { ...page, results: page.results.map(movementItem) };
  });

  app.post('/storeitems/:id/movements/', {
    config: { permission: { area: 'stockmovements', action: 'create' } },
    schema: { params: MovementParams, body: MovementBody, response: { 201: StockMovementSchema, ...errorResponses } },
    preValidation: async (request: FastifyRequest) => {
      if (!request.isMultipart()) return;
      const form = await readForm(request, MovementBody, [DOCUMENT_FIELD], app.config.uploadLimitMb * 1024 * 1024);
      request.body = form.body;
      request.upload = form.files[DOCUMENT_FIELD] ?? null;
    },
  }, async (request, reply) => {
    const { id } = request.params as Static<typeof MovementParams>;
    const body = request.body as Static<typeof MovementBody>;
    // Checked as typed, never rounded or clamped: a refusal names the field.
    const quantity = parseQuantity(body.quantity, 'quantity', { zero: body.kind === 'correction' });
    const upload = request.upload;
    const movement = await app.db.transaction().execute(async (trx) => {
      const document = upload ? await storeFile(trx, upload) : null;
      return recordMovement({ trx, request, user: request.user! }, id, { kind: body.kind, quantity, reason: body.reason.trim(), document });
    });
    const row = await movementsOf(app.db, id).where('stock_movements.id', '=', movement).executeTakeFirstOrThrow();
    return reply.status(201).send(movementItem(row));
  });

  app.get('/storeitems/:id/movements/:movement/download/', {
    config: { permission: { area: 'stockmovements', action: 'read' } },
    schema: { params: MovementFileParams, response: errorResponses },
  }, async (request, reply) => {
    const { id, movement } = request.params as Static<typeof MovementFileParams>;
    const stored = await app.db.selectFrom('stock_movements').innerJoin('stored_files', 'stored_files.id', 'stock_movements.document_id')
      .select(['stored_files.name', 'stored_files.content_type', 'stored_files.size', 'stored_files.sha256', 'stored_files.data'])
      .where('stock_movements.id', '=', movement).where('stock_movements.store_item_id', '=', id).executeTakeFirst();
    if (!stored) throw notFound();
    return sendStoredFile(reply, stored);
  });
}

/** Store items with their movements' routes. */
export const storeItems: AreaRoutes = {
  ...storeItemArea,
  register(app, listCache) {
    storeItemArea.register(app, listCache);
    registerMovements(app);
  },
};
