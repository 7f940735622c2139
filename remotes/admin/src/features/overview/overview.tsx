import { useTranslation } from 'react-i18next';
import { Result, SettingOutlined } from '@portal/shared/ui';

export default function Overview() {
  const { t } = useTranslation('admin');
  return <Result icon={<SettingOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
