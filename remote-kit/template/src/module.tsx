// The __NAME__ remote's contract with the portal's host (design §3): its screens, each its own
// chunk, and its menu (src/menu.json, which the build publishes in its mf-manifest.json).
import { lazy } from 'react';
import type { RemoteModule } from '@portal/shared';
import './translations';

const StartScreen = lazy(() => import('./features/start/start-screen'));

const remote: RemoteModule = {
  name: '__NAME__',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <StartScreen /> }],
};

export default remote;
