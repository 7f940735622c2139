import { useParams, useResolvedPath } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { useItem } from '@portal/shared/ui/use-item';
import { ActiveTag } from './active-tag';
import { AdminOnly } from '../../admin-only';
import { UserForm } from './user-form';
import { userName } from './user-name';
import { usersArea } from './users-slice';

export default function UserEdit() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const { item, status, error, reload } = useItem(usersArea, id);
  const page = useResolvedPath('..', { relative: 'path' }).pathname;
  return (
    <AdminOnly text={t('users.adminOnlyText')}>
      <ShowFrame back={page} backLabel={t('users.back')} status={status} error={error} onRetry={reload}
        title={item && t('users.editTitle', { name: userName(item) })}
        meta={item && <ActiveTag active={item.is_active} />}>
        {item && <UserForm user={item} />}
      </ShowFrame>
    </AdminOnly>
  );
}
