import { useResolvedPath } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { AdminOnly } from '../../admin-only';
import { UserForm } from './user-form';

export default function UserCreate() {
  const { t } = useTranslation('admin');
  const list = useResolvedPath('..', { relative: 'path' }).pathname;
  return (
    <AdminOnly text={t('users.adminOnlyText')}>
      <ShowFrame back={list} backLabel={t('users.back')} status="ready" title={t('users.newTitle')}>
        <UserForm />
      </ShowFrame>
    </AdminOnly>
  );
}
