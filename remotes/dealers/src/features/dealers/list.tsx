// «Дилеры» (staff): every dealer, found by name, INN or email, filtered by group and state, the
// whole view in the address; a dealer's name opens its page, «Новый дилер» its form.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PlainButton } from '@portal/shared/ui/plain-button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation, type Dealer } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { useChoices } from '@portal/shared/ui/use-choices';
import { ActiveTag } from './active-tag';
import { DEALERS_PATH, dealersArea } from './dealers-slice';

export default function DealersList() {
  const { t } = useTranslation('dealers');
  const location = useLocation();
  const navigate = useNavigate();
  const groups = useChoices('/api/dealergroups/');

  const columns: ResourceColumn<Dealer>[] = [
    {
      title: t('dealers.columns.name'), dataIndex: 'name', sortable: true,
      render: (name: string, dealer) => <Link to={String(dealer.id)} state={backState(location)}>{name}</Link>,
    },
    { title: t('dealers.columns.taxId'), dataIndex: 'tax_id', render: (taxId: string) => taxId || t('dealers.none') },
    { title: t('dealers.columns.email'), dataIndex: 'email', render: (email: string) => email || t('dealers.none') },
    { title: t('dealers.columns.group'), dataIndex: 'group_name', render: (name: string | null) => name ?? t('dealers.noGroup') },
    { title: t('dealers.columns.active'), dataIndex: 'is_active', render: (active: boolean) => <ActiveTag active={active} /> },
    { title: t('dealers.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
  ];

  return (
    <StaffOnly>
      <ResourceList
        area={dealersArea}
        title={t('dealers.title')}
        actions={<PlainButton variant="primary" icon={<PlusOutlined />} onClick={() => navigate('new')}>{t('dealers.create')}</PlainButton>}
        columns={columns}
        defaultOrdering="name"
        exportPath={DEALERS_PATH}
        exportName="dealers"
        emptyText={t('dealers.empty')}
        filters={[
          { name: 'group', label: t('dealers.filters.group'), options: groups.items.map((g) => ({ value: String(g.id), label: g.name })) },
          { name: 'is_active', label: t('dealers.filters.active'), options: [{ value: 'true', label: t('dealers.active') }, { value: 'false', label: t('dealers.inactive') }] },
        ]}
      />
    </StaffOnly>
  );
}
