// The admin remote's contract with the host (design §3): its routes, menu and slices.
import { lazy } from 'react';
import { addTranslations, type RemoteModule } from '@portal/shared';
import SettingOutlined from '@ant-design/icons/SettingOutlined';

addTranslations('admin', {
  ru: { menu: 'Администрирование', soon: 'Раздел готовится', soonText: 'Здесь скоро появятся рабочие экраны раздела.' },
  en: { menu: 'Administration', soon: 'Coming soon', soonText: 'The working screens of this section will appear here soon.' },
});

const Overview = lazy(() => import('./features/overview/overview'));

const adminModule: RemoteModule = {
  name: 'admin',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [{ index: true, element: <Overview /> }],
  menu: [{ key: 'admin', labelKey: 'admin:menu', path: '', icon: <SettingOutlined />, roles: ['admin'] }],
};

export default adminModule;
