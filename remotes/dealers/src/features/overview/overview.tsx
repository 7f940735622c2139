import { useTranslation } from 'react-i18next';
import { Result, TeamOutlined } from '@portal/shared/ui';

export default function Overview() {
  const { t } = useTranslation('dealers');
  return <Result icon={<TeamOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
