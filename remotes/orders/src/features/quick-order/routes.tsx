// This feature's part of the orders remote: «Быстрый заказ» at /orders/quick (dealer), lazily
// loaded. Its lines go to the shared cart slice (spec §4): nothing to inject.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const QuickOrderScreen = lazy(() => import('./quick-order-screen'));

export const routes: RouteObject[] = [{ path: 'quick', element: <QuickOrderScreen /> }];
export const slices: Slice[] = [];
