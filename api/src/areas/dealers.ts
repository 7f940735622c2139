// Dealer groups and dealers (design §4-5). A dealer sees its own dealer and its own group only.
// A dealer answers with its orders in short (`summary`); a deactivated dealer's users cannot sign
// in and its orders are refused (isDealerActive of lib/dealers.ts).
import { sql, type Kysely, type Selectable } from 'kysely';
import { Type, type Static, type TObject } from 'typebox';
import type { Database } from '../db/database';
import type { DealersTable } from '../db/tables/dealers';
import { toBool, toIso, nowIso } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import { defineArea } from '../lib/area';
import { auditActor, recordAudit } from '../lib/audit';
import { centsOf, formatDecimal, formatMoney, parseDecimal, PERCENT_FIELD } from '../lib/money';
import { DecimalInput, Email, Nullable, RowId, Text, Timestamp } from '../schemas/common';

/** The stored discount: a two-place decimal string from a number or a string, 0–100. */
const discountOf = (value: string | number) => formatDecimal(parseDecimal(value, 'discount_percent', PERCENT_FIELD), PERCENT_FIELD.places);

export const DealerGroupSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Two-place decimal string, 0–100. */
  discount_percent: Type.String(),
  description: Type.String(),
});

const percentText = (value: string | number) => Number(value).toFixed(2);

export const dealerGroups = defineArea({
  area: 'dealergroups',
  path: '/dealergroups/',
  table: 'dealer_groups',
  item: DealerGroupSchema,
  select: (db: Kysely<Database>) => db.selectFrom('dealer_groups').selectAll('dealer_groups'),
  own: (query, user) => query.where((eb) => eb('dealer_groups.id', 'in', eb.selectFrom('dealers').select('dealers.group_id').where('dealers.id', '=', user.dealer ?? -1))),
  orderable: { id: 'dealer_groups.id', name: 'dealer_groups.name', discount_percent: 'dealer_groups.discount_percent' },
  defaultOrdering: 'name',
  searchable: ['dealer_groups.name', 'dealer_groups.description'],
  toItem: (row) => ({ id: row.id, name: row.name, discount_percent: percentText(row.discount_percent), description: row.description }),
  body: { name: Text(200), discount_percent: DecimalInput, description: Type.Optional(Type.String({ maxLength: 5000 })) },
  async create({ trx, body }) {
    const row = await trx.insertInto('dealer_groups').values({ name: body.name.trim(), discount_percent: discountOf(body.discount_percent), description: body.description ?? '' }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update({ trx, body }, current) {
    await trx.updateTable('dealer_groups').set({ name: body.name.trim(), discount_percent: discountOf(body.discount_percent), description: body.description ?? '' }).where('id', '=', current.id).execute();
  },
  // The table would let its dealers fall out of the group (set null) and lose their discount
  // unnoticed: a group is deleted only once no dealer belongs to it.
  async remove({ trx }, current) {
    const member = await trx.selectFrom('dealers').select('id').where('group_id', '=', current.id).limit(1).executeTakeFirst();
    if (member) throw new ApiError(409, 'group_has_dealers');
    await trx.deleteFrom('dealer_groups').where('id', '=', current.id).execute();
  },
});

/** A dealer's orders in short: how many, this calendar year's total (UTC, cancelled ones left out), the latest. */
export const DealerSummarySchema = Type.Object({
  orders_count: Type.Integer(),
  year_total: Type.String(),
  last_order: Nullable(Type.Object({ id: Type.Integer(), number: Type.String(), status: Type.String(), total: Type.String(), created_at: Timestamp })),
});

/** A dealer's users, as its page lists them (staff manage them in «Пользователи»). */
export const DealerUserSchema = Type.Object({
  id: Type.Integer(), email: Type.String(), first_name: Type.String(), last_name: Type.String(), is_active: Type.Boolean(), last_login: Nullable(Timestamp),
});

type DealerRow = Selectable<DealersTable> & { group_name: string | null; group_discount_percent: string | number | null };
type DealerSummary = Static<typeof DealerSummarySchema>;
type DealerUser = Static<typeof DealerUserSchema>;

/** The summaries and users of a page of dealers: one grouped query over the orders, one for the latest of each, one for the users. */
async function withSummaries(db: Kysely<Database>, rows: DealerRow[]): Promise<Array<DealerRow & { summary: DealerSummary; users: DealerUser[] }>> {
  if (!rows.length) return [];
  const yearStart = `${new Date().getUTCFullYear()}-01-01T00:00:00.000Z`;
  const totals = await db.selectFrom('orders')
    .select((eb) => [
      'orders.dealer_id',
      eb.fn.countAll<string | number | bigint>().as('orders_count'),
      sql<string | number | bigint | null>`sum(case when ${sql.ref('orders.created_at')} >= ${yearStart} and ${sql.ref('orders.status')} <> 'cancelled' then ${sql.ref('orders.total_cents')} else 0 end)`.as('year_cents'),
      eb.fn.max('orders.id').as('last_id'),
    ])
    .where('orders.dealer_id', 'in', rows.map((row) => row.id))
    .groupBy('orders.dealer_id').execute();
  const lastIds = totals.map((row) => Number(row.last_id));
  const lasts = lastIds.length
    ? await db.selectFrom('orders').select(['id', 'number', 'status', 'total_cents', 'created_at']).where('id', 'in', lastIds).execute()
    : [];
  const lastById = new Map(lasts.map((order) => [order.id, order]));
  const byDealer = new Map(totals.map((row) => {
    const last = lastById.get(Number(row.last_id));
    const summary: DealerSummary = {
      orders_count: Number(row.orders_count),
      year_total: formatMoney(centsOf(String(row.year_cents ?? 0))),
      last_order: last ? { id: last.id, number: last.number, status: last.status, total: formatMoney(centsOf(last.total_cents)), created_at: toIso(last.created_at) } : null,
    };
    return [row.dealer_id, summary];
  }));
  const none: DealerSummary = { orders_count: 0, year_total: formatMoney(0n), last_order: null };
  const users = await db.selectFrom('users').select(['id', 'dealer_id', 'email', 'first_name', 'last_name', 'is_active', 'last_login'])
    .where('dealer_id', 'in', rows.map((row) => row.id)).orderBy('last_name').orderBy('id').execute();
  const usersOf = new Map<number, DealerUser[]>();
  for (const user of users) {
    const dealerId = Number(user.dealer_id);
    const list = usersOf.get(dealerId) ?? [];
    list.push({ id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, is_active: toBool(user.is_active), last_login: user.last_login === null ? null : toIso(user.last_login) });
    usersOf.set(dealerId, list);
  }
  return rows.map((row) => ({ ...row, summary: byDealer.get(row.id) ?? none, users: usersOf.get(row.id) ?? [] }));
}

export const DealerSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  legal_name: Type.String(),
  tax_id: Type.String(),
  group: Nullable(Type.Integer()),
  group_name: Nullable(Type.String()),
  /** The group's discount, a two-place decimal string; null without a group. */
  group_discount_percent: Nullable(Type.String()),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  is_active: Type.Boolean(),
  created_at: Timestamp,
  summary: DealerSummarySchema,
  users: Type.Array(DealerUserSchema),
});

const Phone = Type.String({ maxLength: 40, pattern: '^(\\+?[0-9 ()-]{5,})?$' });
const TaxId = Type.String({ maxLength: 32, pattern: '^([0-9A-Za-z][0-9A-Za-z /-]{3,})?$' });

const dealerBody = {
  name: Text(200),
  legal_name: Type.Optional(Type.String({ maxLength: 300 })),
  tax_id: Type.Optional(TaxId),
  group: Nullable(RowId),
  email: Type.Optional(Type.Union([Email, Type.Literal('')])),
  phone: Type.Optional(Phone),
  address: Type.Optional(Type.String({ maxLength: 1000 })),
  is_active: Type.Optional(Type.Boolean()),
};

export const dealers = defineArea({
  area: 'dealers',
  path: '/dealers/',
  table: 'dealers',
  item: DealerSchema,
  select: (db: Kysely<Database>) => db.selectFrom('dealers').leftJoin('dealer_groups', 'dealer_groups.id', 'dealers.group_id').selectAll('dealers')
    .select(['dealer_groups.name as group_name', 'dealer_groups.discount_percent as group_discount_percent']),
  own: (query, user) => query.where('dealers.id', '=', user.dealer ?? -1),
  filters: {
    group: { schema: RowId, column: 'dealers.group_id' },
    is_active: { schema: Type.Boolean(), column: 'dealers.is_active' },
  },
  orderable: { id: 'dealers.id', name: 'dealers.name', created_at: 'dealers.created_at', group: 'dealer_groups.name' },
  nullable: ['dealer_groups.name'],
  defaultOrdering: 'name',
  searchable: ['dealers.name', 'dealers.legal_name', 'dealers.tax_id', 'dealers.email'],
  expand: withSummaries,
  toItem: (row) => ({
    id: row.id, name: row.name, legal_name: row.legal_name, tax_id: row.tax_id, group: row.group_id, group_name: row.group_name ?? null,
    group_discount_percent: row.group_discount_percent === null ? null : percentText(row.group_discount_percent),
    email: row.email, phone: row.phone, address: row.address, is_active: toBool(row.is_active), created_at: toIso(row.created_at), summary: row.summary, users: row.users,
  }),
  body: dealerBody,
  async create({ trx, body }) {
    const row = await trx.insertInto('dealers').values({ ...dealerColumns(body), created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update({ trx, body, request }, current) {
    // A missing `is_active` keeps the dealer's state: reactivation is asked for, never implied.
    const wasActive = toBool(current.is_active);
    const active = body.is_active ?? wasActive;
    await trx.updateTable('dealers').set({ ...dealerColumns(body), is_active: active }).where('id', '=', current.id).execute();
    // Deactivated, the dealer's users are signed out at once, not when their tokens run out.
    if (wasActive && !active) {
      const users = await trx.selectFrom('users').select('id').where('dealer_id', '=', current.id).execute();
      for (const user of users) await request.server.tokens.endSessions(user.id, trx);
    }
    if (wasActive !== active) {
      await recordAudit(trx, { actor: auditActor(request), action: active ? 'dealer.activated' : 'dealer.deactivated', target_id: current.id, details: { dealer_name: current.name } });
    }
  },
  remove: 'row',
});

function dealerColumns(body: Static<TObject<typeof dealerBody>>) {
  return {
    name: body.name.trim(),
    legal_name: body.legal_name?.trim() ?? '',
    tax_id: body.tax_id?.trim() ?? '',
    group_id: body.group,
    email: body.email?.trim().toLowerCase() ?? '',
    phone: body.phone?.trim() ?? '',
    address: body.address?.trim() ?? '',
    is_active: body.is_active ?? true,
  };
}
