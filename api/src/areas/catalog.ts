// The catalogue (design §4-5): products for staff, the same products with the dealer's price for
// dealers (`/api/dp/`), and stock in the warehouses.
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { Type, type Static, type TObject } from 'typebox';
import type { Database } from '../db/database';
import type { ProductsTable } from '../db/tables/products';
import { nowIso, toBool, toIso } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import { defineArea, type Filter } from '../lib/area';
import type { AccessClaims } from '../lib/tokens';
import { basisPointsOf, centsOf, discounted, formatMoney, MONEY_FIELD, parseDecimal } from '../lib/money';
import { DecimalInput, RowId, Text, Timestamp } from '../schemas/common';

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
  warehouse: Type.String(),
  quantity: Type.Integer(),
  reserved: Type.Integer(),
  available: Type.Integer(),
  updated_at: Timestamp,
});

const Count = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });
// `reserved` is the orders' (lib/stock.ts): sent back with the item, it is ignored.
const storeItemBody = { product: RowId, warehouse: Text(100), quantity: Count };
const storeItemColumns = (body: Static<TObject<typeof storeItemBody>>) => ({ product_id: body.product, warehouse: body.warehouse.trim(), quantity: body.quantity, updated_at: nowIso() });

export const storeItems = defineArea({
  area: 'storeitems',
  path: '/storeitems/',
  createPath: '/storeitem/create/',
  table: 'store_items',
  item: StoreItemSchema,
  select: (db: Kysely<Database>) => db.selectFrom('store_items').innerJoin('products', 'products.id', 'store_items.product_id')
    .selectAll('store_items').select(['products.sku as product_sku', 'products.name as product_name']),
  filters: {
    product: { schema: RowId, column: 'store_items.product_id' },
    warehouse: { schema: Type.String({ maxLength: 100 }), column: 'store_items.warehouse' },
    category: { schema: Type.String({ maxLength: 100 }), column: 'products.category' },
  },
  orderable: { id: 'store_items.id', warehouse: 'store_items.warehouse', quantity: 'store_items.quantity', product: 'products.name', sku: 'products.sku', updated_at: 'store_items.updated_at' },
  defaultOrdering: 'product',
  searchable: ['products.sku', 'products.name', 'store_items.warehouse'],
  toItem: (row) => ({
    id: row.id, product: row.product_id, product_sku: row.product_sku, product_name: row.product_name, warehouse: row.warehouse,
    quantity: row.quantity, reserved: row.reserved, available: Math.max(0, row.quantity - row.reserved), updated_at: toIso(row.updated_at),
  }),
  body: storeItemBody,
  async create({ trx, body }) {
    const row = await trx.insertInto('store_items').values({ ...storeItemColumns(body), reserved: 0 }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update({ trx, body }, current) {
    // Never fewer units than confirmed orders hold; compared in the UPDATE itself, so a confirmation
    // meanwhile cannot slip under it. Moving reserved units to another product is refused too.
    const changed = await trx.updateTable('store_items').set(storeItemColumns(body)).where('id', '=', current.id)
      .where((eb) => eb.and([eb('reserved', '<=', body.quantity), eb.or([eb('reserved', '=', 0), eb('product_id', '=', body.product)])]))
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      const now = await trx.selectFrom('store_items').select('reserved').where('id', '=', current.id).executeTakeFirstOrThrow();
      throw new ApiError(409, 'stock_below_reserved', { quantity: ['stock_below_reserved'] }, { reserved: String(now.reserved) });
    }
  },
  // A store item that holds a reservation is in use (409).
  remove: 'row',
});
