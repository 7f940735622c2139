import { useTranslation } from 'react-i18next';
import { Result, ShoppingOutlined } from '@portal/shared/ui';

export default function Overview() {
  const { t } = useTranslation('catalog');
  return <Result icon={<ShoppingOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
