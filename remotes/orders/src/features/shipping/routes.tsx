// This feature's part of the orders remote: its routes (screens lazily loaded) and its slices.
// Placeholder until the feature's screens land.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const Overview = lazy(() => import('../overview/overview'));

export const routes: RouteObject[] = [{ path: 'shipping', element: <Overview /> }];
export const slices: Slice[] = [];
