// «Заявки на регистрацию» (staff): every request, newest first, filtered by status (in the address),
// searched by company, INN, contact or email; a request whose INN a dealer or another request
// already has is flagged here, before a manager opens it.
import { Link, useLocation } from 'react-router-dom';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import { useTranslation, type RegistrationRequest } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { NoteTag, StatusTag } from '@portal/shared/ui/status-tag';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { REGISTRATION_STATUSES, REGISTRATIONS_PATH, registrationsArea } from './registrations-slice';

export default function RegistrationsList() {
  const { t } = useTranslation('dealers');
  const { t: ui } = useUiTranslation();
  const location = useLocation();

  const columns: ResourceColumn<RegistrationRequest>[] = [
    {
      title: t('registrations.columns.company'), dataIndex: 'company_name', sortable: true,
      render: (name: string, item) => <Link to={String(item.id)} state={backState(location)}>{name}</Link>,
    },
    {
      title: t('registrations.columns.taxId'), dataIndex: 'tax_id',
      render: (taxId: string, item) => (
        <span style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
          <span>{taxId}</span>
          {!!item.same_tax_id?.length && <NoteTag icon={<ExclamationCircleOutlined />}>{t('registrations.sameTaxIdFlag')}</NoteTag>}
        </span>
      ),
    },
    { title: t('registrations.columns.contact'), dataIndex: 'contact_name' },
    { title: t('registrations.columns.email'), dataIndex: 'email' },
    { title: t('registrations.columns.status'), dataIndex: 'status', sortable: true, render: (status: string) => <StatusTag status={status} of="registration" /> },
    { title: t('registrations.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} time /> },
  ];

  return (
    <StaffOnly>
      <ResourceList
        area={registrationsArea}
        title={t('registrations.title')}
        columns={columns}
        defaultOrdering="-created_at"
        exportPath={REGISTRATIONS_PATH}
        exportName="registration-requests"
        emptyText={t('registrations.empty')}
        filters={[{
          name: 'status', label: t('registrations.filters.status'),
          options: REGISTRATION_STATUSES.map((status) => ({ value: status, label: ui([`status.registration.${status}`, `status.${status}`]) })),
        }]}
      />
    </StaffOnly>
  );
}
