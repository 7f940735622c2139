// Screens for staff only (writing newsletters): a dealer who follows such an address gets a
// «not found» page, as the API would answer it, rather than a form it cannot save.
import type { ReactNode } from 'react';
import Result from 'antd/es/result';
import { selectIsStaff, useAppSelector, useTranslation } from '@portal/shared';

export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('comms');
  const isStaff = useAppSelector(selectIsStaff);
  if (!isStaff) return <Result status="404" title={t('notFound.title')} subTitle={t('notFound.text')} />;
  return <>{children}</>;
}
