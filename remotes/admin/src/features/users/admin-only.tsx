// «Пользователи» is the admin's alone (design §4): anyone else who follows its address gets the
// «not found» page the API's 404 stands for, not a list it cannot read.
import type { ReactNode } from 'react';
import { selectCurrentUser, useAppSelector, useTranslation } from '@portal/shared';
import { NotFoundPanel } from '@portal/shared/ui/text';

export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const user = useAppSelector(selectCurrentUser);
  if (user?.role !== 'admin') return <NotFoundPanel title={t('users.adminOnly')} text={t('users.adminOnlyText')} />;
  return <>{children}</>;
}
