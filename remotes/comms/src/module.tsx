// The comms remote's contract with the host (design §3): news for dealers, newsletters for staff.
import { lazy } from 'react';
import { type RemoteModule } from '@portal/shared';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import { newsArea } from './features/news/news-area';
import './translations';

const NewsList = lazy(() => import('./features/news/list'));

const commsModule: RemoteModule = {
  name: 'comms',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <NewsList /> }],
  menu: [{ key: 'news', labelKey: 'comms:menu.news', path: '', icon: <NotificationOutlined />, roles: ['dealer', 'manager', 'admin'] }],
  slices: [newsArea.slice],
};

export default commsModule;
