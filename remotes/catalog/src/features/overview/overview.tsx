import Result from 'antd/es/result';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import { useTranslation } from '@portal/shared';

export default function Overview() {
  const { t } = useTranslation('catalog');
  return <Result icon={<ShoppingOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
