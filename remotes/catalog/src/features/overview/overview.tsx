import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';

export default function Overview() {
  const { t } = useTranslation('catalog');
  return <Result icon={<ShoppingOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
