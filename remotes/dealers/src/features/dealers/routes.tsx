// This feature's part of the dealers remote: «Дилеры» at /dealers and a dealer's page at /dealers/:id (its screens are being built: the
// remote's «coming soon» panel stands at its address meanwhile).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const Overview = lazy(() => import('../overview/overview'));

export const routes: RouteObject[] = [{ index: true, element: <Overview /> }, { path: ':id', element: <Overview /> }];
export const slices: Slice[] = [];
