// «Пользователи» (admin): every user, found by name or email, filtered by role and state, the whole
// view in the address; a user's name opens its page, «Новый пользователь» its form.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PlainButton } from '@portal/shared/ui/plain-button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation, type Role, type User } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { useChoices } from '@portal/shared/ui/use-choices';
import { ActiveTag } from './active-tag';
import { AdminOnly } from '../../admin-only';
import { userName } from './user-name';
import { USERS_PATH, usersArea } from './users-slice';

const ROLES: Role[] = ['admin', 'manager', 'dealer'];

export default function UsersList() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const dealers = useChoices('/api/dealers/');

  const columns: ResourceColumn<User>[] = [
    {
      title: t('users.columns.name'), dataIndex: 'last_name', sortable: true,
      render: (_: string, user) => <Link to={String(user.id)} state={backState(location)}>{userName(user)}</Link>,
    },
    { title: t('users.columns.email'), dataIndex: 'email', sortable: true },
    { title: t('users.columns.role'), dataIndex: 'role', render: (role: Role) => t(`users.roles.${role}`) },
    { title: t('users.columns.dealer'), dataIndex: 'dealer', render: (dealer: number | null) => dealers.nameOf(dealer) ?? t('users.none') },
    { title: t('users.columns.active'), dataIndex: 'is_active', render: (active: boolean) => <ActiveTag active={active} /> },
    { title: t('users.columns.lastLogin'), dataIndex: 'last_login', sortable: true, render: (value: string | null) => (value ? <DateText value={value} time /> : t('users.never')) },
  ];

  return (
    <AdminOnly text={t('users.adminOnlyText')}>
      <ResourceList
        area={usersArea}
        title={t('users.title')}
        actions={<PlainButton variant="primary" icon={<PlusOutlined />} onClick={() => navigate('new')}>{t('users.create')}</PlainButton>}
        columns={columns}
        defaultOrdering="email"
        exportPath={USERS_PATH}
        exportName="users"
        emptyText={t('users.empty')}
        filters={[
          { name: 'role', label: t('users.filters.role'), options: ROLES.map((role) => ({ value: role, label: t(`users.roles.${role}`) })) },
          { name: 'is_active', label: t('users.filters.active'), options: [{ value: 'true', label: t('users.active') }, { value: 'false', label: t('users.inactive') }] },
        ]}
      />
    </AdminOnly>
  );
}
