// The admin remote's contract with the host (design §3): its routes and slices, declared here once;
// its menu is data, src/menu.json, published in its mf-manifest.json by the build. Each screen is
// its own chunk. The remote's base path has no screen of its own: it opens «Претензии», the one
// section every role has here; «Пользователи», «Настройки», «Релизы разделов», «Журнал действий» and «Обмен с 1С» are the admin's
// (the API answers 404 to anyone else, and the menu shows the entries to the admin).
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import type { RemoteModule } from '@portal/shared';
import { auditArea } from './features/audit/audit-slice';
import { claimsArea } from './features/claims/claims-slice';
import { usersArea } from './features/users/users-slice';
import { variablesArea } from './features/settings/variables-slice';
import './translations';

const ClaimsList = lazy(() => import('./features/claims/list'));
const ClaimCreate = lazy(() => import('./features/claims/create'));
const ClaimShow = lazy(() => import('./features/claims/show'));
const UsersList = lazy(() => import('./features/users/list'));
const UserCreate = lazy(() => import('./features/users/create'));
const UserShow = lazy(() => import('./features/users/show'));
const UserEdit = lazy(() => import('./features/users/edit'));
const SettingsScreen = lazy(() => import('./features/settings/settings-screen'));
const ReleasesScreen = lazy(() => import('./features/releases/releases-screen'));
const AuditList = lazy(() => import('./features/audit/list'));
const ExchangeScreen = lazy(() => import('./features/exchange/exchange-screen'));

const adminModule: RemoteModule = {
  name: 'admin',
  contractVersion: __PORTAL_CONTRACT_VERSION__,
  routes: [
    { index: true, element: <Navigate to="claims" replace /> },
    { path: 'claims', element: <ClaimsList /> },
    { path: 'claims/new', element: <ClaimCreate /> },
    { path: 'claims/:id', element: <ClaimShow /> },
    {
      path: 'users',
      children: [
        { index: true, element: <UsersList /> },
        { path: 'new', element: <UserCreate /> },
        { path: ':id', element: <UserShow /> },
        { path: ':id/edit', element: <UserEdit /> },
      ],
    },
    { path: 'settings', element: <SettingsScreen /> },
    { path: 'releases', element: <ReleasesScreen /> },
    { path: 'audit', element: <AuditList /> },
    { path: 'exchange', element: <ExchangeScreen /> },
  ],
  slices: [claimsArea.slice, usersArea.slice, variablesArea.slice, auditArea.slice],
};

export default adminModule;
