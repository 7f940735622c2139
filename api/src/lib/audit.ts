// The audit trail (issue 17 item 6, design §6): one call, `recordAudit`, for every security-relevant
// action, written with the change in its transaction where the change has one, so a refused or
// failed change leaves no row and a done one always has its row. The admin reads the rows through
// the `audit` area (areas/audit.ts); nothing in the API changes or deletes them.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { nowIso } from '../db/dialect';

/** Every action the trail knows, as `<target_type>.<what happened>`. */
export const AUDIT_ACTIONS = [
  'user.created', 'user.role_changed', 'user.dealer_changed', 'user.activated', 'user.deactivated', 'user.password_reset_sent', 'user.password_changed',
  'dealer.activated', 'dealer.deactivated',
  'regreq.approved', 'regreq.rejected',
  'setting.changed', 'setting.deleted', 'agreement.published',
  'deploy_key.created', 'deploy_key.revoked',
  'release.uploaded', 'release.activated', 'release.rolled_back',
  'exchange_account.created', 'exchange_account.deleted', 'exchange.started', 'order.exchange_reset',
] as const;

export type AuditAction = typeof AUDIT_ACTIONS[number];

/** What the action was done to: the part of its action before the dot. */
export type AuditTarget = AuditAction extends `${infer T}.${string}` ? T : never;

/** Who acted: a signed-in user, a deploy key, 1C's exchange account, or nobody known (a visitor, the system). */
export type AuditActor = { user: { user_id: number; email: string } } | { deployKey: string } | { exchangeAccount: string } | null;

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  target_id: number | string | null;
  /**
   * What changed, as JSON. Keys that read as a name in a CSV cell (`name`, `email`, `sku`) are kept
   * for the object's own name; say what it is (`key_name`, `user_email`).
   */
  details?: Record<string, unknown>;
}

/** The caller of a request as an actor: its user, or the deploy key it used, or nobody. */
export function auditActor(request: FastifyRequest): AuditActor {
  if (request.deployKey) return { deployKey: request.deployKey.name };
  if (request.user) return { user: { user_id: request.user.user_id, email: request.user.email } };
  return null;
}

/** Writes one row of the trail with `db`: the transaction of the change, or the database after it. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await db.insertInto('audit_log').values({
    at: nowIso(),
    actor_id: actor && 'user' in actor ? actor.user.user_id : null,
    actor_email: actor && 'user' in actor ? actor.user.email : null,
    // An exchange account is named as 1C's: `1С: <login>`.
    actor_key: actor && 'deployKey' in actor ? actor.deployKey : actor && 'exchangeAccount' in actor ? `1С: ${actor.exchangeAccount}` : null,
    action: entry.action,
    target_type: entry.action.slice(0, entry.action.indexOf('.')),
    target_id: entry.target_id === null ? null : String(entry.target_id),
    details: JSON.stringify(entry.details ?? {}),
  }).execute();
}
