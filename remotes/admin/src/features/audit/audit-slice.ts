import { createCrudArea, type ApiItem } from '@portal/shared';

export const AUDIT_PATH = '/api/audit/' as const;

/** The audit trail (design §6 `GET /api/audit/`): read only, the admin's alone. */
export const auditArea = createCrudArea({ name: 'audit', path: AUDIT_PATH });

export type AuditEntry = ApiItem<typeof AUDIT_PATH>;
export type AuditAction = AuditEntry['action'];

/**
 * Every action the trail records, in the order the filter offers them: written as a record of the
 * API's actions, so that a new one fails the typecheck here until the filter offers it too.
 */
export const AUDIT_ACTIONS = Object.keys({
  'user.created': true, 'user.role_changed': true, 'user.dealer_changed': true, 'user.activated': true, 'user.deactivated': true,
  'user.password_reset_sent': true, 'user.password_changed': true, 'dealer.activated': true, 'dealer.deactivated': true, 'regreq.approved': true, 'regreq.rejected': true,
  'setting.changed': true, 'setting.deleted': true, 'agreement.published': true,
  'deploy_key.created': true, 'deploy_key.revoked': true, 'release.uploaded': true, 'release.activated': true, 'release.rolled_back': true,
  'exchange_account.created': true, 'exchange_account.deleted': true, 'exchange.started': true, 'order.exchange_reset': true,
} satisfies Record<AuditAction, true>) as AuditAction[];
