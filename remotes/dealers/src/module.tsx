// The dealers remote's contract with the host (design §3): its routes and slices; its menu is data,
// src/menu.json, published in its mf-manifest.json by the build. «Дилеры» at /dealers with a dealer's
// page and form, «Группы дилеров» at /dealers/groups, «Заявки на регистрацию» at
// /dealers/registrations. Each screen is its own chunk.
import { lazy } from 'react';
import type { RemoteModule } from '@portal/shared';
import { dealersArea } from './features/dealers/dealers-slice';
import { groupsArea } from './features/groups/groups-slice';
import { registrationsArea } from './features/registrations/registrations-slice';
import './translations';

const DealersList = lazy(() => import('./features/dealers/list'));
const DealerCreate = lazy(() => import('./features/dealers/create'));
const DealerShow = lazy(() => import('./features/dealers/show'));
const DealerEdit = lazy(() => import('./features/dealers/edit'));
const GroupsList = lazy(() => import('./features/groups/list'));
const GroupCreate = lazy(() => import('./features/groups/create'));
const GroupEdit = lazy(() => import('./features/groups/edit'));
const RegistrationsList = lazy(() => import('./features/registrations/list'));
const RegistrationShow = lazy(() => import('./features/registrations/show'));

const dealersModule: RemoteModule = {
  name: 'dealers',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [
    { index: true, element: <DealersList /> },
    { path: 'new', element: <DealerCreate /> },
    { path: ':id', element: <DealerShow /> },
    { path: ':id/edit', element: <DealerEdit /> },
    { path: 'groups', element: <GroupsList /> },
    { path: 'groups/new', element: <GroupCreate /> },
    { path: 'groups/:id/edit', element: <GroupEdit /> },
    { path: 'registrations', element: <RegistrationsList /> },
    { path: 'registrations/:id', element: <RegistrationShow /> },
  ],
  slices: [dealersArea.slice, groupsArea.slice, registrationsArea.slice],
};

export default dealersModule;
