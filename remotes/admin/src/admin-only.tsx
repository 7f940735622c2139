// «Пользователи», «Настройки», «Релизы разделов» and «Журнал действий» are the admin's alone
// (design §4): anyone else who follows their address gets the «not found» panel the API's 404 stands
// for, with a line that says who manages it, and the screen asks nothing of the API.
import type { ReactNode } from 'react';
import { selectCurrentUser, useAppSelector, useTranslation } from '@portal/shared';
import { NotFoundPanel } from '@portal/shared/ui/text';

export function AdminOnly({ text, children }: { text: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const user = useAppSelector(selectCurrentUser);
  if (user?.role !== 'admin') return <NotFoundPanel title={t('adminOnly')} text={text} />;
  return <>{children}</>;
}
