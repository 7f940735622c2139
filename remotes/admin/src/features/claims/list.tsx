// «Претензии»: a dealer's own claims, every claim for staff (with a dealer filter): number, date,
// order, product, quantity, reason and status; filtered by status and period, searched, the whole
// view in the address; «Экспорт CSV» of every matching claim.
import { Link, useLocation } from 'react-router-dom';
import { selectIsStaff, useAppSelector, useTranslation, type Claim } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ListFilter, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { useChoices } from '@portal/shared/ui/use-choices';
import { CLAIMS_PATH, claimsArea } from './claims-slice';
import { CLAIM_STATUSES } from './claim-words';

export default function ClaimsList() {
  const { t } = useTranslation('admin');
  const { t: ui } = useUiTranslation();
  const location = useLocation();
  const isStaff = useAppSelector(selectIsStaff);
  // A dealer's screen never asks for the dealers.
  const dealers = useChoices(isStaff ? '/api/dealers/' : undefined);

  const filters: ListFilter[] = [
    { name: 'status', label: t('claims.filters.status'), options: CLAIM_STATUSES.map((status) => ({ value: status, label: ui([`status.claim.${status}`, `status.${status}`]) })) },
    ...(isStaff ? [{ name: 'dealer', label: t('claims.filters.dealer'), options: dealers.items.map((d) => ({ value: String(d.id), label: d.name })) }] : []),
  ];

  const columns: ResourceColumn<Claim>[] = [
    {
      title: t('claims.columns.id'), dataIndex: 'id', sortable: true,
      render: (id: number) => <Link to={String(id)} state={backState(location)} style={{ whiteSpace: 'nowrap' }}>{t('claims.heading', { id })}</Link>,
    },
    { title: t('claims.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    { title: t('claims.columns.order'), dataIndex: 'order_number', sortable: true },
    { title: t('claims.columns.dealer'), dataIndex: 'dealer_name', sortable: true, hidden: !isStaff },
    { title: t('claims.columns.product'), dataIndex: 'product_name' },
    { title: t('claims.columns.quantity'), dataIndex: 'quantity', sortable: true, align: 'end' },
    { title: t('claims.columns.reason'), dataIndex: 'reason', render: (reason: Claim['reason']) => t(`claims.reasons.${reason}`) },
    { title: t('claims.columns.status'), dataIndex: 'status', sortable: true, render: (status: string) => <StatusTag status={status} of="claim" /> },
  ];

  return (
    <ResourceList<Claim>
      area={claimsArea}
      title={t('claims.title')}
      columns={columns}
      filters={filters}
      period
      searchLabel={t('claims.search')}
      defaultOrdering="-created_at"
      exportPath={CLAIMS_PATH}
      exportName="claims"
      emptyText={t('claims.empty')}
    />
  );
}
