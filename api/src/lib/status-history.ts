// The status history of design §5: every status change of an order, shipping, claim, registration
// request and order-deletion request is kept (from, to, who, when, an optional comment) in
// `status_changes` and answered with the item as `history`, oldest first; an item's creation is its
// first change (from null). A change is written in the transaction of the write that makes it, so
// a refused write leaves no trace. Each entry has the fields of the portal's timeline block
// (shared/src/ui/status-timeline.tsx), so a screen hands `history` to it as it comes.
import { sql, type Kysely, type Transaction } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import { Nullable, Timestamp } from '../schemas/common';
import { statusSchema, type Lifecycle, type Status } from './lifecycle';

/** The column of `status_changes` that names an item of each lifecycle. */
const SUBJECT = {
  orders: 'order_id',
  shippings: 'shipping_id',
  claims: 'claim_id',
  regreq: 'registration_request_id',
  orderdelreq: 'order_deletion_request_id',
} as const satisfies Record<Lifecycle, string>;

/** The `history` of an item of a lifecycle: its changes, oldest first. */
export function historySchema<L extends Lifecycle>(lifecycle: L) {
  return Type.Array(Type.Object({
    /** Null for the item's first status (its creation). */
    from: Nullable(statusSchema(lifecycle)),
    to: statusSchema(lifecycle),
    when: Timestamp,
    /** The name of who made the change («1С» for the exchange with 1C); null when unknown (a visitor, a removed user, data from before the history). */
    who: Nullable(Type.String()),
    who_id: Nullable(Type.Integer()),
    comment: Type.String(),
  }), { description: 'Every status change, oldest first; the first one (from null) is the creation.' });
}

/** One entry of `history`, as the schema above declares it. */
export interface StatusChange<L extends Lifecycle> {
  from: Status<L> | null;
  to: Status<L>;
  when: string;
  who: string | null;
  who_id: number | null;
  comment: string;
}

/** The optional comment a status-changing write takes for the history (an order's own `comment` is another field). */
export const StatusComment = Type.Optional(Type.String({ maxLength: 2000, description: 'Kept with the status change in `history`; ignored when the status does not change.' }));

/** Keeps one change of an item's status; `from` null: the item was just created. */
export async function recordChange<L extends Lifecycle>(
  trx: Transaction<Database>, lifecycle: L, id: number, change: { from: Status<L> | null; to: Status<L>; by: number | null; comment?: string | null; at?: string; actor?: string },
): Promise<void> {
  await trx.insertInto('status_changes').values({
    [SUBJECT[lifecycle]]: id,
    from_status: change.from,
    to_status: change.to,
    changed_by: change.by,
    changed_at: change.at ?? nowIso(),
    comment: change.comment?.trim() ?? '',
    ...(change.actor ? { actor: change.actor } : {}),
  }).execute();
}

/** The histories of the items (a page of a list, or one), in one query. */
export async function historiesOf<L extends Lifecycle>(db: Kysely<Database>, lifecycle: L, ids: number[]): Promise<Map<number, Array<StatusChange<L>>>> {
  const byItem = new Map<number, Array<StatusChange<L>>>(ids.map((id) => [id, []]));
  if (!ids.length) return byItem;
  const item = sql.ref<number>(`status_changes.${SUBJECT[lifecycle]}`);
  const rows = await db.selectFrom('status_changes').leftJoin('users', 'users.id', 'status_changes.changed_by')
    .select([item.as('item'), 'status_changes.from_status', 'status_changes.to_status', 'status_changes.changed_by', 'status_changes.changed_at',
      'status_changes.comment', 'status_changes.actor', 'users.first_name', 'users.last_name', 'users.email'])
    .where(item, 'in', ids)
    .orderBy('status_changes.id').execute();
  for (const row of rows) {
    const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.email;
    byItem.get(Number(row.item))?.push({
      // Written by recordChange from the lifecycle's own statuses.
      from: row.from_status as Status<L> | null,
      to: row.to_status as Status<L>,
      when: toIso(row.changed_at),
      // A change made by the system names its actor («1С»: the exchange with 1C).
      who: row.actor || (row.changed_by === null ? null : name ?? null),
      who_id: row.changed_by,
      comment: row.comment,
    });
  }
  return byItem;
}

/** What an area's `expand` does for an item with a history: adds each row's `history`. */
export async function withHistory<L extends Lifecycle, R extends { id: number }>(db: Kysely<Database>, lifecycle: L, rows: R[]): Promise<Array<R & { history: Array<StatusChange<L>> }>> {
  const histories = await historiesOf(db, lifecycle, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, history: histories.get(row.id) ?? [] }));
}
