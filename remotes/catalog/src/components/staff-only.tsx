// Screens for staff only (product and stock editing): a dealer who follows such an address gets a
// «not found» page, as the API would answer it, rather than a form it cannot save.
import type { ReactNode } from 'react';
import Result from 'antd/es/result';
import { selectIsStaff, useAppSelector, useTranslation } from '@portal/shared';
import './translations';

export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('catalog');
  const isStaff = useAppSelector(selectIsStaff);
  if (!isStaff) return <Result status="404" title={t('common.notFound.title')} subTitle={t('common.notFound.text')} />;
  return <>{children}</>;
}
