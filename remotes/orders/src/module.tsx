// The orders remote's contract with the host (design §3): its routes, menu and slices.
import { lazy } from 'react';
import { addTranslations, type RemoteModule } from '@portal/shared';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';

addTranslations('orders', {
  ru: { menu: 'Заказы', soon: 'Раздел готовится', soonText: 'Здесь скоро появятся рабочие экраны раздела.' },
  en: { menu: 'Orders', soon: 'Coming soon', soonText: 'The working screens of this section will appear here soon.' },
});

const Overview = lazy(() => import('./features/overview/overview'));

const ordersModule: RemoteModule = {
  name: 'orders',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <Overview /> }],
  menu: [{ key: 'orders', labelKey: 'orders:menu', path: '', icon: <ShoppingCartOutlined />, roles: ['dealer', 'manager', 'admin'] }],
};

export default ordersModule;
