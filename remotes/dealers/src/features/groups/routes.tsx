// This feature's part of the dealers remote: «Группы дилеров» at /dealers/groups (its screens are being built: the
// remote's «coming soon» panel stands at its address meanwhile).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const Overview = lazy(() => import('../overview/overview'));

export const routes: RouteObject[] = [{ path: 'groups', element: <Overview /> }];
export const slices: Slice[] = [];
