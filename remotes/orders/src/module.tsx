// The orders remote's contract with the host (design §3): its routes and slices;
// its menu is data, src/menu.json, published in its mf-manifest.json by the build.
import { lazy } from 'react';
import { addTranslations, type RemoteModule } from '@portal/shared';

addTranslations('orders', {
  ru: { soon: 'Раздел готовится', soonText: 'Здесь скоро появятся рабочие экраны раздела.' },
  en: { soon: 'Coming soon', soonText: 'The working screens of this section will appear here soon.' },
});

const Overview = lazy(() => import('./features/overview/overview'));

const ordersModule: RemoteModule = {
  name: 'orders',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <Overview /> }],
};

export default ordersModule;
