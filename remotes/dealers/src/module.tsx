// The dealers remote's contract with the host (design §3): its routes and slices, gathered from its
// features (each feature folder's routes.tsx names its screens, lazily loaded, and its slices); its
// menu is data, src/menu.json, published in its mf-manifest.json by the build.
import type { RemoteModule } from '@portal/shared';
import * as dealers from './features/dealers/routes';
import * as groups from './features/groups/routes';
import * as registrations from './features/registrations/routes';

const features = [dealers, groups, registrations];

const dealersModule: RemoteModule = {
  name: 'dealers',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: features.flatMap((feature) => feature.routes),
  slices: features.flatMap((feature) => feature.slices),
};

export default dealersModule;
