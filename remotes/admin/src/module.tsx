// The admin remote's contract with the host (design §3): its routes and slices, gathered from its
// features (each feature folder's routes.tsx names its screens, lazily loaded, and its slices); its
// menu is data, src/menu.json, published in its mf-manifest.json by the build. The remote's base
// path has no screen of its own: it opens «Претензии», the one section every role has here.
import { Navigate } from 'react-router-dom';
import type { RemoteModule } from '@portal/shared';
import * as claims from './features/claims/routes';
import * as releases from './features/releases/routes';
import * as settings from './features/settings/routes';
import * as users from './features/users/routes';

const features = [claims, users, settings, releases];

const adminModule: RemoteModule = {
  name: 'admin',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <Navigate to="claims" replace /> }, ...features.flatMap((feature) => feature.routes)],
  slices: features.flatMap((feature) => feature.slices),
};

export default adminModule;
