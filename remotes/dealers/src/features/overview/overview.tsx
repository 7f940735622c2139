import { useTranslation } from 'react-i18next';
import Result from 'antd/es/result';
import TeamOutlined from '@ant-design/icons/TeamOutlined';

export default function Overview() {
  const { t } = useTranslation('dealers');
  return <Result icon={<TeamOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
