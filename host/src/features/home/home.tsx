import { useNavigate } from 'react-router-dom';
import { selectCurrentUser, selectProfileLoading, useAppSelector, useTranslation } from '@portal/shared';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import { useRemotes } from '../remote-loader/remotes-context';
import { menuFor } from '../layout/cabinet';
import { shortName } from '../layout/user-name';

/** The cabinet's start page: a greeting and a card for every section the user may open. */
export function Home() {
  const { t } = useTranslation('host');
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const profileLoading = useAppSelector(selectProfileLoading);
  const { remotes } = useRemotes();
  const entries = menuFor(remotes, user);
  const name = user ? shortName(user, profileLoading) : '';
  return (
    <div>
      {/* Until the name is known the heading keeps its place empty rather than greet by email. */}
      <Typography.Title level={3} style={{ marginTop: 0 }}>{name ? t('layout.welcome', { name }) : '\u00a0'}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('layout.welcomeLead')}</Typography.Paragraph>
      {entries.length === 0 ? <Empty description={t('layout.noSections')} /> : (
        <Flex wrap gap={16}>
          {entries.map((m) => (
            <Card key={m.path} hoverable style={{ width: 220 }} onClick={() => navigate(m.path)}
              tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && navigate(m.path)}>
              <Flex gap={12} align="center"><span style={{ fontSize: 22 }}>{m.icon ?? <AppstoreOutlined />}</span><b>{t(m.labelKey)}</b></Flex>
            </Card>
          ))}
        </Flex>
      )}
    </div>
  );
}
