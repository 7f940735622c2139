// Screens for staff only (editing products, stock, newsletters): a dealer who follows such an
// address gets a «not found» page, as the API would answer it, rather than a form it cannot save.
import type { ReactNode } from 'react';
import { selectIsStaff, useAppSelector } from '@portal/shared';
import { NotFoundPanel } from './text';
import { useUiTranslation } from './translations';

export function StaffOnly({ children }: { children: ReactNode }) {
  const { t } = useUiTranslation();
  const isStaff = useAppSelector(selectIsStaff);
  if (!isStaff) return <NotFoundPanel title={t('staffOnly.title')} text={t('staffOnly.text')} />;
  return <>{children}</>;
}
