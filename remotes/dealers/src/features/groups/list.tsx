// «Группы дилеров» (staff): every group with its discount; create, edit, and delete with a confirm.
// The server refuses to delete a group that dealers belong to (409): its message stays in the dialog.
import { useNavigate } from 'react-router-dom';
import { PlainButton } from '@portal/shared/ui/plain-button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useAppDispatch, useTranslation, type DealerGroup } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { Percent } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { GROUPS_PATH, groupsArea } from './groups-slice';

export default function GroupsList() {
  const { t } = useTranslation('dealers');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  const columns = ({ reload }: { reload(): void }): ResourceColumn<DealerGroup>[] => [
    { title: t('groups.columns.name'), dataIndex: 'name', sortable: true },
    { title: t('groups.columns.discount'), dataIndex: 'discount_percent', sortable: true, align: 'right', render: (value: string) => <Percent value={value} /> },
    { title: t('groups.columns.description'), dataIndex: 'description' },
    {
      title: t('groups.columns.actions'), key: 'actions',
      render: (_: unknown, group) => (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <PlainButton size="small" onClick={() => navigate(`${group.id}/edit`)} aria-label={`${t('groups.edit')}: ${group.name}`}>{t('groups.edit')}</PlainButton>
          <ConfirmButton size="small" danger title={t('groups.deleteConfirm', { name: group.name })} content={t('groups.deleteText')}
            okText={t('groups.delete')} aria-label={`${t('groups.delete')}: ${group.name}`}
            onConfirm={async () => { await dispatch(groupsArea.remove(group.id)).unwrap(); reload(); }}>
            {t('groups.delete')}
          </ConfirmButton>
        </span>
      ),
    },
  ];

  return (
    <StaffOnly>
      <ResourceList
        area={groupsArea}
        title={t('groups.title')}
        actions={<PlainButton variant="primary" icon={<PlusOutlined />} onClick={() => navigate('new')}>{t('groups.create')}</PlainButton>}
        columns={columns}
        defaultOrdering="name"
        exportPath={GROUPS_PATH}
        exportName="dealer-groups"
        emptyText={t('groups.empty')}
      />
    </StaffOnly>
  );
}
