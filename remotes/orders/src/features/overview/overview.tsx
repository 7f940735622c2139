import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';

export default function Overview() {
  const { t } = useTranslation('orders');
  return <Result icon={<ShoppingCartOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
