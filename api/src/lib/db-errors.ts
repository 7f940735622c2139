// The database's own refusals as the API's answers: a constraint the schemas could not see (a
// unique value taken, a row still in use, a value out of the column's range) is a 409 or a 400
// with the field named, the same on SQLite and PostgreSQL. Anything else is left as it was.
import { ApiError } from './api-error';
import type { MessageCode } from './messages';

const DUPLICATE = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
const REFERENCED = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY', '23503']);
const CHECK = new Set(['SQLITE_CONSTRAINT_CHECK', 'SQLITE_CONSTRAINT_NOTNULL', '23514', '23502', '22003', '22001']);

/**
 * The body fields a unique constraint names, so that the portal puts «already taken» on the field
 * (a product's SKU): SQLite says `UNIQUE constraint failed: products.sku`, PostgreSQL's detail
 * `Key (sku)=(...) already exists.`; a column `product_id` is the body's `product`.
 */
function duplicateFields(message: string, detail: string): Record<string, MessageCode[]> | undefined {
  const columns = /UNIQUE constraint failed: (.+)$/.exec(message)?.[1].split(',').map((c) => c.trim().split('.').pop() ?? '')
    ?? /^Key \(([^)]+)\)=/.exec(detail)?.[1].split(',').map((c) => c.trim());
  const names = (columns ?? []).filter((c) => /^[a-z_]+$/.test(c)).map((c) => c.replace(/_id$/, ''));
  return names.length ? Object.fromEntries(names.map((name) => [name, ['duplicate' as const]])) : undefined;
}

/**
 * The answer for an error a write raised: a constraint's refusal as an ApiError (a reference still
 * in use is 409 `in_use` when `deleting`, else 400), any other error unchanged.
 */
export function constraintError(err: unknown, deleting: boolean): unknown {
  const { code = '', message = '', detail = '' } = (err as { code?: string; message?: string; detail?: string } | null) ?? {};
  if (DUPLICATE.has(code)) return new ApiError(409, 'duplicate', duplicateFields(message, detail));
  // SQLite words an ON DELETE RESTRICT reference (a store item a reservation holds) as a trigger's.
  if (REFERENCED.has(code) || (code === 'SQLITE_CONSTRAINT_TRIGGER' && message.includes('FOREIGN KEY'))) return deleting ? new ApiError(409, 'in_use') : new ApiError(400, 'invalid');
  if (CHECK.has(code)) return new ApiError(400, 'invalid');
  return err;
}
