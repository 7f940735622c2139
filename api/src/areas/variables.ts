// Variables (admin only): the contract text, the minimum order total, the support address, the low stock threshold.
// Writing `contract_text` makes a new version of the agreement (design §5), which dealers sign anew;
// the agreement itself is kept: its variable is neither deleted nor renamed.
import { Type } from 'typebox';
import { ApiError } from '../lib/api-error';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../db/database';
import { defineArea, type WriteContext } from '../lib/area';
import { auditActor, recordAudit } from '../lib/audit';
import { MONEY_PATTERN } from '../lib/money';
import { MAX_STOCK } from '../lib/stock';
import { publishVersion } from '../repositories/contract';
import { isStockThreshold } from '../repositories/variables';

const AGREEMENT = 'contract_text';

export const VariableSchema = Type.Object({ id: Type.Integer(), key: Type.String(), value: Type.String(), description: Type.String() });

const VariableBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' }),
  value: Type.String({ maxLength: 200_000 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  /** For `contract_text` only: what changed, in the admin's words, shown to the dealers who sign it again. */
  summary: Type.Optional(Type.String({ maxLength: 2000 })),
});

/**
 * Known keys whose value has a format: the minimum order total is money (or empty: no minimum); the
 * low stock threshold a whole number ≥ 0.
 */
function columns(body: Static<typeof VariableBody>) {
  const value = body.value.trim();
  if (body.key === 'min_order_total' && value !== '' && !new RegExp(MONEY_PATTERN).test(value)) {
    throw new ApiError(400, 'invalid', { value: ['field_format'] });
  }
  if (body.key === 'low_stock_threshold' && !isStockThreshold(value, MAX_STOCK)) {
    throw new ApiError(400, 'invalid', { value: ['field_format'] });
  }
  return { key: body.key, value: body.key === 'min_order_total' || body.key === 'low_stock_threshold' ? value : body.value, description: body.description ?? '' };
}

/** A value as the audit trail keeps it: settings are short; a long one is cut. */
const shown = (value: string | null) => (value === null || value.length <= 500 ? value : `${value.slice(0, 500)}…`);

/**
 * The audit rows of a write, in its transaction: `setting.changed` with the value before and after.
 * The agreement is not a setting: writing it publishes a version (`publishAgreement`), audited there.
 */
async function audited<T>(ctx: WriteContext, before: { key: string; value: string } | null, after: Static<typeof VariableBody>, write: () => Promise<T>): Promise<T> {
  const result = await write();
  const value = columns(after).value;
  if (before && before.key === after.key && before.value === value) return result;
  await recordAudit(ctx.trx, {
    actor: auditActor(ctx.request), action: 'setting.changed', target_id: after.key,
    details: { key: after.key, from: before ? shown(before.value) : null, to: shown(value), ...(before && before.key !== after.key ? { renamed_from: before.key } : {}) },
  });
  return result;
}

/**
 * The agreement's text written through the variables (spec §7's own paths): published as a new
 * version, as `POST /api/contract/versions/` does, when the text differs from the version in force.
 */
async function writeAgreement(ctx: WriteContext<Static<typeof VariableBody>>, id: number | null): Promise<number> {
  const { trx, body, user } = ctx;
  const row = { key: AGREEMENT, value: body.value, description: body.description ?? '' };
  const written = id === null
    ? (await trx.insertInto('variables').values(row).returning('id').executeTakeFirstOrThrow()).id
    : (await trx.updateTable('variables').set(row).where('id', '=', id).execute(), id);
  await publishVersion(trx, { text: body.value, summary: body.summary?.trim() ?? '', authorId: user.user_id, actor: auditActor(ctx.request) });
  return written;
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
  async remove(ctx, current) {
    if (current.key === AGREEMENT) throw new ApiError(409, 'conflict');
    await ctx.trx.deleteFrom('variables').where('id', '=', current.id).execute();
    await recordAudit(ctx.trx, { actor: auditActor(ctx.request), action: 'setting.deleted', target_id: current.key, details: { key: current.key, from: shown(current.value) } });
  },
  async create(ctx) {
    const { trx, body } = ctx;
    if (body.key === AGREEMENT) return writeAgreement(ctx, null);
    return audited(ctx, null, body, async () => (await trx.insertInto('variables').values(columns(body)).returning('id').executeTakeFirstOrThrow()).id);
  },
  async update(ctx, current) {
    const { trx, body } = ctx;
    if (current.key === AGREEMENT && body.key !== AGREEMENT) throw new ApiError(400, 'invalid', { key: ['field_format'] });
    if (body.key === AGREEMENT) {
      await writeAgreement(ctx, current.id);
      return;
    }
    await audited(ctx, current, body, async () => {
      await trx.updateTable('variables').set(columns(body)).where('id', '=', current.id).execute();
    });
  },
});
