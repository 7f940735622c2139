// Variables (admin only): the contract text, the minimum order total, the support address.
import { Type } from 'typebox';
import { ApiError } from '../lib/api-error';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../db/database';
import { defineArea } from '../lib/area';
import { MONEY_PATTERN } from '../lib/money';

export const VariableSchema = Type.Object({ id: Type.Integer(), key: Type.String(), value: Type.String(), description: Type.String() });

const VariableBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' }),
  value: Type.String({ maxLength: 200_000 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** Known keys whose value has a format: the minimum order total is money (or empty: no minimum). */
function columns(body: Static<typeof VariableBody>) {
  const value = body.value.trim();
  if (body.key === 'min_order_total' && value !== '' && !new RegExp(MONEY_PATTERN).test(value)) {
    throw new ApiError(400, 'invalid', { value: ['field_format'] });
  }
  return { key: body.key, value: body.key === 'min_order_total' ? value : body.value, description: body.description ?? '' };
}

export const variables = defineArea({
  area: 'variables',
  path: '/variables/',
  createPath: '/variable/create/',
  table: 'variables',
  item: VariableSchema,
  select: (db: Kysely<Database>) => db.selectFrom('variables').selectAll('variables'),
  orderable: { id: 'variables.id', key: 'variables.key' },
  defaultOrdering: 'key',
  searchable: ['variables.key', 'variables.description', 'variables.value'],
  toItem: (row) => ({ id: row.id, key: row.key, value: row.value, description: row.description }),
  body: VariableBody.properties,
  remove: 'row',
  async create({ trx, body }) {
    return (await trx.insertInto('variables').values(columns(body)).returning('id').executeTakeFirstOrThrow()).id;
  },
  async update({ trx, body }, current) {
    await trx.updateTable('variables').set(columns(body)).where('id', '=', current.id).execute();
  },
});
