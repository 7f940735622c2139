// Dealer groups and dealers (design §4-5). A dealer sees its own dealer and its own group only.
import type { Kysely } from 'kysely';
import { Type, type Static, type TObject } from 'typebox';
import type { Database } from '../db/database';
import { toBool, toIso, nowIso } from '../db/dialect';
import { defineArea } from '../lib/area';
import { formatDecimal, parseDecimal, PERCENT_FIELD } from '../lib/money';
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
  remove: 'row',
});

export const DealerSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  legal_name: Type.String(),
  tax_id: Type.String(),
  group: Nullable(Type.Integer()),
  group_name: Nullable(Type.String()),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  is_active: Type.Boolean(),
  created_at: Timestamp,
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
  select: (db: Kysely<Database>) => db.selectFrom('dealers').leftJoin('dealer_groups', 'dealer_groups.id', 'dealers.group_id').selectAll('dealers').select('dealer_groups.name as group_name'),
  own: (query, user) => query.where('dealers.id', '=', user.dealer ?? -1),
  filters: {
    group: { schema: RowId, column: 'dealers.group_id' },
    is_active: { schema: Type.Boolean(), column: 'dealers.is_active' },
  },
  orderable: { id: 'dealers.id', name: 'dealers.name', created_at: 'dealers.created_at', group: 'dealer_groups.name' },
  nullable: ['dealer_groups.name'],
  defaultOrdering: 'name',
  searchable: ['dealers.name', 'dealers.legal_name', 'dealers.tax_id', 'dealers.email'],
  toItem: (row) => ({
    id: row.id, name: row.name, legal_name: row.legal_name, tax_id: row.tax_id, group: row.group_id, group_name: row.group_name ?? null,
    email: row.email, phone: row.phone, address: row.address, is_active: toBool(row.is_active), created_at: toIso(row.created_at),
  }),
  body: dealerBody,
  async create({ trx, body }) {
    const row = await trx.insertInto('dealers').values({ ...dealerColumns(body), created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update({ trx, body }, current) {
    await trx.updateTable('dealers').set(dealerColumns(body)).where('id', '=', current.id).execute();
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
