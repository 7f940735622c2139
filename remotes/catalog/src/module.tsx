// The catalog remote's contract with the host (design §3): its routes, menu and slices.
import { lazy } from 'react';
import { addTranslations, type RemoteModule } from '@portal/shared';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';

addTranslations('catalog', {
  ru: { menu: 'Каталог', soon: 'Раздел готовится', soonText: 'Здесь скоро появятся рабочие экраны раздела.' },
  en: { menu: 'Catalogue', soon: 'Coming soon', soonText: 'The working screens of this section will appear here soon.' },
});

const Overview = lazy(() => import('./features/overview/overview'));

const catalogModule: RemoteModule = {
  name: 'catalog',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <Overview /> }],
  menu: [{ key: 'catalog', labelKey: 'catalog:menu', path: '', icon: <ShoppingOutlined />, roles: ['dealer', 'manager', 'admin'] }],
};

export default catalogModule;
