// «Журнал действий» (admin, design §13): who did what to which object and when, newest first,
// filtered by action, by who acted and by period, found by email or object; the whole view in the
// address and the CSV export through the list's area. Anyone else who follows the address gets the
// «not found» panel the API's 404 stands for, and nothing is asked of the API.
import { useTranslation, type User } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { useChoices } from '@portal/shared/ui/use-choices';
import { AdminOnly } from '../../admin-only';
import { AUDIT_ACTIONS, AUDIT_PATH, auditArea, type AuditEntry } from './audit-slice';
import './translations';

/** Every user who may have acted, by email (the users' list orders by email, not by name). */
const ACTORS = { page_size: 500, ordering: 'email' };

export default function AuditList() {
  const { t } = useTranslation('admin');
  return <AdminOnly text={t('audit.adminOnlyText')}><AuditTrail /></AdminOnly>;
}

function AuditTrail() {
  const { t } = useTranslation('admin');
  const actors = useChoices<'/api/users/', User>('/api/users/', ACTORS);

  const actorText = (actor: AuditEntry['actor']) => {
    if (!actor) return t('audit.nobody');
    // 1C's exchange account is kept as «1С: <login>» (api/src/lib/audit.ts).
    if (actor.deploy_key?.startsWith('1С: ')) return t('audit.exchangeAccount', { login: actor.deploy_key.slice(4) });
    if (actor.deploy_key !== null) return t('audit.deployKey', { name: actor.deploy_key });
    return actor.email ?? `#${String(actor.id)}`;
  };
  const valueText = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (key === 'via' && typeof value === 'string') return t(`audit.via.${value}`, { defaultValue: value });
    if (key === 'role' && typeof value === 'string') return t(`users.roles.${value}`, { defaultValue: value });
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const detailsText = (details: AuditEntry['details'], entry: AuditEntry) => {
    const { from, to, ...rest } = details;
    // A change of role says it in words: «Менеджер → Администратор».
    const changed = entry.action === 'user.role_changed' ? 'role' : 'value';
    const change = 'from' in details || 'to' in details ? [`${valueText(changed, from)} → ${valueText(changed, to)}`] : [];
    return [...change, ...Object.entries(rest).map(([key, value]) => `${t(`audit.details.${key}`, { defaultValue: key })}: ${valueText(key, value)}`)].join('; ');
  };

  const columns: ResourceColumn<AuditEntry>[] = [
    { title: t('audit.columns.at'), dataIndex: 'at', sortable: true, render: (at: string) => <DateText value={at} time /> },
    { title: t('audit.columns.actor'), dataIndex: 'actor', render: actorText },
    { title: t('audit.columns.action'), dataIndex: 'action', sortable: true, render: (action: AuditEntry['action']) => t(`audit.actions.${action}`) },
    { title: t('audit.columns.target'), dataIndex: 'target_type', sortable: true, render: (type: string) => t(`audit.targets.${type}`, { defaultValue: type }) },
    { title: t('audit.columns.targetId'), dataIndex: 'target_id', render: (id: string | null) => id ?? '—' },
    { title: t('audit.columns.details'), dataIndex: 'details', render: detailsText },
  ];

  return (
    <ResourceList
      area={auditArea}
      title={t('audit.title')}
      columns={columns}
      defaultOrdering="-at"
      period
      searchLabel={t('audit.search')}
      exportPath={AUDIT_PATH}
      exportName="audit"
      emptyText={t('audit.empty')}
      filters={[
        { name: 'action', label: t('audit.filters.action'), options: AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) })) },
        { name: 'actor', label: t('audit.filters.actor'), options: actors.items.map((actor) => ({ value: String(actor.id), label: actor.email })) },
      ]}
    />
  );
}
