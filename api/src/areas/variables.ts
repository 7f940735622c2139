// Variables (admin only): the contract text, the minimum order total, the support address.
import { Type } from 'typebox';
import type { AreaDefinition } from '../lib/area';

export const VariableSchema = Type.Object({ id: Type.Integer(), key: Type.String(), value: Type.String(), description: Type.String() });

const columns = (body: any) => ({ key: body.key, value: body.value, description: body.description ?? '' });

export const variables: AreaDefinition = {
  area: 'variables',
  path: '/variables/',
  createPath: '/variable/create/',
  table: 'variables',
  item: VariableSchema,
  select: (db) => db.selectFrom('variables').selectAll('variables'),
  orderable: { id: 'variables.id', key: 'variables.key' },
  defaultOrdering: 'key',
  searchable: ['variables.key', 'variables.description', 'variables.value'],
  toItem: (row) => ({ id: row.id, key: row.key, value: row.value, description: row.description }),
  body: {
    key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' }),
    value: Type.String({ maxLength: 200_000 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  async create({ trx, body }) {
    return (await trx.insertInto('variables').values(columns(body)).returning('id').executeTakeFirstOrThrow()).id;
  },
  async update({ trx, body }, current) {
    await trx.updateTable('variables').set(columns(body)).where('id', '=', current.id).execute();
  },
};
