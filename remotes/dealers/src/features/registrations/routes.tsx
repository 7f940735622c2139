// This feature's part of the dealers remote: «Заявки на регистрацию» at /dealers/registrations and a request's page (its screens are being built: the
// remote's «coming soon» panel stands at its address meanwhile).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const Overview = lazy(() => import('../overview/overview'));

export const routes: RouteObject[] = [{ path: 'registrations', element: <Overview /> }, { path: 'registrations/:id', element: <Overview /> }];
export const slices: Slice[] = [];
