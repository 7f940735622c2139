// The dealers remote's contract with the host (design §3): its routes, menu and slices.
import { lazy } from 'react';
import { addTranslations, type RemoteModule } from '@portal/shared';
import TeamOutlined from '@ant-design/icons/TeamOutlined';

addTranslations('dealers', {
  ru: { menu: 'Дилеры', soon: 'Раздел готовится', soonText: 'Здесь скоро появятся рабочие экраны раздела.' },
  en: { menu: 'Dealers', soon: 'Coming soon', soonText: 'The working screens of this section will appear here soon.' },
});

const Overview = lazy(() => import('./features/overview/overview'));

const dealersModule: RemoteModule = {
  name: 'dealers',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <Overview /> }],
  menu: [{ key: 'dealers', labelKey: 'dealers:menu', path: '', icon: <TeamOutlined />, roles: ['manager', 'admin'] }],
};

export default dealersModule;
