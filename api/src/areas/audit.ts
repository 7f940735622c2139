// The audit trail as the admin reads it (issue 17 item 6, design §6 `GET /api/audit/`): who did what
// to which object and when, newest first, through the generic list (paging, ordering, search, CSV).
// Filters: `actor` (a user's id), `action`, `target_type`, `target_id`, `from` and `to` (a day or a
// moment; `to` takes its whole day), and the `created_after`/`created_before` of every list's period.
// Read only: the area has no body and no `remove`, so it makes no POST, PUT or DELETE route; rows
// are written by lib/audit.ts with the changes they record.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import { toIso } from '../db/dialect';
import { ApiError } from '../lib/api-error';
import { createdBetween, defineArea, type Filter } from '../lib/area';
import { AUDIT_ACTIONS } from '../lib/audit';
import { Nullable, RowId, Timestamp } from '../schemas/common';

export const AuditActorSchema = Type.Object({
  /** The user who acted; null for a deploy key. */
  id: Nullable(Type.Integer()),
  /** That user's email when it acted. */
  email: Nullable(Type.String()),
  /** The name of the deploy key that acted. */
  deploy_key: Nullable(Type.String()),
});

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  /** Null: a visitor (a restore link asked for by email) or the system. */
  actor: Nullable(AuditActorSchema),
  action: Type.Enum([...AUDIT_ACTIONS], { type: 'string' }),
  target_type: Type.String(),
  target_id: Nullable(Type.String()),
  /** What changed, as a JSON object (from and to, a name, a version). */
  details: Type.Record(Type.String(), Type.Unknown()),
});

/** `from`/`to`: a day (`to` takes the whole day) or an RFC 3339 moment (`to` takes that moment). */
function bound(name: 'from' | 'to'): Filter<'audit_log.at'> {
  return {
    schema: Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]),
    column: 'audit_log.at',
    op: name === 'from' ? '>=' : '<',
    value: (text) => {
      const date = new Date(text);
      // Both databases take years 1–9999 only.
      if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw new ApiError(400, 'invalid', { [name]: ['field_format'] });
      if (name === 'to') {
        if (/^\d{4}-\d{2}-\d{2}$/.test(text)) date.setUTCDate(date.getUTCDate() + 1);
        else date.setUTCMilliseconds(date.getUTCMilliseconds() + 1);
      }
      return date.toISOString();
    },
  };
}

const parseDetails = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {};
  } catch {
    return {};
  }
};

export const audit = defineArea({
  area: 'audit',
  path: '/audit/',
  table: 'audit_log',
  item: AuditEntrySchema,
  select: (db: Kysely<Database>) => db.selectFrom('audit_log').selectAll('audit_log'),
  filters: {
    actor: { schema: RowId, column: 'audit_log.actor_id' },
    action: { schema: Type.Enum([...AUDIT_ACTIONS], { type: 'string' }), column: 'audit_log.action' },
    target_type: { schema: Type.String({ maxLength: 64, pattern: '^[a-z_]+$' }), column: 'audit_log.target_type' },
    target_id: { schema: Type.String({ minLength: 1, maxLength: 100 }), column: 'audit_log.target_id' },
    from: bound('from'),
    to: bound('to'),
    ...createdBetween('audit_log.at'),
  },
  orderable: { id: 'audit_log.id', at: 'audit_log.at', action: 'audit_log.action', target_type: 'audit_log.target_type' },
  defaultOrdering: '-at',
  searchable: ['audit_log.actor_email', 'audit_log.actor_key', 'audit_log.action', 'audit_log.target_id', 'audit_log.details'],
  csvTitles: { at: 'Когда', actor: 'Кто', action: 'Действие', target_type: 'Объект', target_id: 'ID объекта', details: 'Подробности' },
  toItem: (row) => ({
    id: row.id,
    at: toIso(row.at),
    actor: row.actor_id === null && row.actor_key === null ? null : { id: row.actor_id, email: row.actor_email, deploy_key: row.actor_key },
    action: row.action as typeof AUDIT_ACTIONS[number],
    target_type: row.target_type,
    target_id: row.target_id,
    details: parseDetails(row.details),
  }),
});
