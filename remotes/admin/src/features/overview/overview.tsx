import Result from 'antd/es/result';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { useTranslation } from '@portal/shared';

export default function Overview() {
  const { t } = useTranslation('admin');
  return <Result icon={<SettingOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
