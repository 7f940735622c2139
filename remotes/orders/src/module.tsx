// The orders remote's contract with the host (design §3): its routes and slices, gathered from its
// features (each feature folder's routes.tsx names its screens, lazily loaded, and its slices); its
// menu is data, src/menu.json, published in its mf-manifest.json by the build.
import type { RemoteModule } from '@portal/shared';
import * as orders from './features/orders/routes';
import * as cart from './features/cart/routes';
import * as quickOrder from './features/quick-order/routes';
import * as shipping from './features/shipping/routes';
import * as deletionRequests from './features/deletion-requests/routes';
import { addTranslations } from '@portal/shared';

addTranslations('orders', {
  ru: { soon: 'Раздел готовится', soonText: 'Здесь скоро появятся рабочие экраны раздела.' },
  en: { soon: 'Coming soon', soonText: 'The working screens of this section will appear here soon.' },
});

const features = [orders, cart, quickOrder, shipping, deletionRequests];

const ordersModule: RemoteModule = {
  name: 'orders',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: features.flatMap((feature) => feature.routes),
  slices: features.flatMap((feature) => feature.slices),
};

export default ordersModule;
