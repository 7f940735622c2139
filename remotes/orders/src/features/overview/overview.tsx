import Result from 'antd/es/result';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { useTranslation } from '@portal/shared';

export default function Overview() {
  const { t } = useTranslation('orders');
  return <Result icon={<ShoppingCartOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
