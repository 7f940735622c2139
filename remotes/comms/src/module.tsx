// The comms remote's contract with the host (design §3): news for dealers, newsletters for staff.
// Its menu is data, src/menu.json, published in its mf-manifest.json by the build.
import { lazy } from 'react';
import { type RemoteModule } from '@portal/shared';
import { newsArea } from './features/news/news-area';
import './translations';

const NewsList = lazy(() => import('./features/news/list'));

const commsModule: RemoteModule = {
  name: 'comms',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <NewsList /> }],
  slices: [newsArea.slice],
};

export default commsModule;
