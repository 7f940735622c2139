import { useTranslation } from '@portal/shared';
import { StatusTag } from '@portal/shared/ui/status-tag';

/** «Продаётся» or «Снят с продажи», in the status tag's tones (approved, cancelled). */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('catalog');
  return <StatusTag status={active ? 'approved' : 'cancelled'} label={active ? t('products.active') : t('products.inactive')} />;
}
