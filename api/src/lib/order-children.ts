// What the areas of an order and of what hangs off it (deletion requests, shipping, claims) share:
// a dealer's own rows are those of its own orders, the same filters, a row locked for a write, and
// the limit of an order line. Here, so that no area imports another.
import { sql, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { RowId } from '../schemas/common';
import type { AccessClaims } from './tokens';
import { createdBetween, type Filter, type WriteContext } from './area';
import { statusSchema, type Lifecycle } from './lifecycle';

/** The most of one product an order line (and so a claim) holds. */
export const MAX_LINE_QUANTITY = 1_000_000;

/** A dealer's own rows of an order and of what hangs off it (joined with `orders`): those of its own orders. */
export const ownByOrder = <DB, TB extends keyof DB, R>(query: SelectQueryBuilder<DB, TB, R>, user: AccessClaims): SelectQueryBuilder<DB, TB, R> =>
  query.where(sql<SqlBool>`${sql.ref('orders.dealer_id')} = ${user.dealer ?? -1}`);

/** The filters of a row that hangs off an order (`table` joined with `orders`). */
export const orderChildFilters = <T extends 'order_deletion_requests' | 'shippings' | 'claims'>(table: T, lifecycle: Lifecycle) => ({
  status: { schema: statusSchema(lifecycle), column: `${table}.status` } as Filter<`${T}.status`>,
  order: { schema: RowId, column: `${table}.order_id` } as Filter<`${T}.order_id`>,
  dealer: { schema: RowId, column: 'orders.dealer_id' } as Filter<'orders.dealer_id'>,
  ...createdBetween(`${table}.created_at` as `${T}.created_at`),
});

type Locked = 'orders' | 'order_deletion_requests' | 'shippings' | 'claims';

/** A row read again inside the write's transaction, locked on PostgreSQL until it commits. */
export async function lockRow<T extends Locked>(ctx: WriteContext, table: T, id: number): Promise<Selectable<Database[T]> | undefined> {
  // One table of the union at a time for Kysely's types: they share `id`, and the row is typed by `T` above.
  let query = ctx.trx.selectFrom(table as 'orders').selectAll().where('id', '=', id);
  if (ctx.request.server.dialect === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) as Selectable<Database[T]> | undefined;
}
