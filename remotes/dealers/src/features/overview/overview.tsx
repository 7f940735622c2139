import Result from 'antd/es/result';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { useTranslation } from '@portal/shared';

export default function Overview() {
  const { t } = useTranslation('dealers');
  return <Result icon={<TeamOutlined />} title={t('soon')} subTitle={t('soonText')} />;
}
