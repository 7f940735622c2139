import { useTranslation } from 'react-i18next';
import { Result, ShoppingCartOutlined } from '@portal/shared/ui';

export default function Overview() {
  const { t } = useTranslation('orders');
  return <Result icon={<ShoppingCartOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
