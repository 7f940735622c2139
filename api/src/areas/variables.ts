// Variables (admin only): the contract text, the minimum order total, the support address.
// Writing `contract_text` makes a new version of the agreement (design §5), which dealers sign anew;
// the agreement itself is kept: its variable is neither deleted nor renamed.
import { Type } from 'typebox';
import { ApiError } from '../lib/api-error';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../db/database';
import { defineArea } from '../lib/area';
import { MONEY_PATTERN } from '../lib/money';
import { recordContractVersion } from '../repositories/contract';

const AGREEMENT = 'contract_text';

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
  async remove({ trx }, current) {
    if (current.key === AGREEMENT) throw new ApiError(409, 'conflict');
    await trx.deleteFrom('variables').where('id', '=', current.id).execute();
  },
  async create({ trx, body, user }) {
    const id = (await trx.insertInto('variables').values(columns(body)).returning('id').executeTakeFirstOrThrow()).id;
    if (body.key === AGREEMENT) await recordContractVersion(trx, body.value, user.user_id);
    return id;
  },
  async update({ trx, body, user }, current) {
    if (current.key === AGREEMENT && body.key !== AGREEMENT) throw new ApiError(400, 'invalid', { key: ['field_format'] });
    await trx.updateTable('variables').set(columns(body)).where('id', '=', current.id).execute();
    if (body.key === AGREEMENT) await recordContractVersion(trx, body.value, user.user_id);
  },
});
