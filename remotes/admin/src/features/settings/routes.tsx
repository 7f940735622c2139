// This feature's part of the admin remote: «Настройки» at /admin/settings (admin only: the API
// answers 404 to anyone else, and the menu shows the entry to the admin).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const SettingsScreen = lazy(() => import('./settings-screen'));

export const routes: RouteObject[] = [{ path: 'settings', element: <SettingsScreen /> }];
export const slices: Slice[] = [];
