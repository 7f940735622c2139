// This feature's part of the admin remote: «Пользователи» at /admin/users (admin) (its screens are being built: the
// remote's «coming soon» panel stands at its address meanwhile).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const Overview = lazy(() => import('../overview/overview'));

export const routes: RouteObject[] = [{ path: 'users', element: <Overview /> }, { path: 'users/:id', element: <Overview /> }];
export const slices: Slice[] = [];
