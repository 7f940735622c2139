// This feature's part of the admin remote: «Претензии» at /admin/claims, a claim's page and a new claim (its screens are being built: the
// remote's «coming soon» panel stands at its address meanwhile).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const Overview = lazy(() => import('../overview/overview'));

export const routes: RouteObject[] = [{ path: 'claims', element: <Overview /> }, { path: 'claims/new', element: <Overview /> }, { path: 'claims/:id', element: <Overview /> }];
export const slices: Slice[] = [];
