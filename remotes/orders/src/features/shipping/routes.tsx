// This feature's part of the orders remote: «Отгрузки» (lazily loaded) and its slices.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { shippingDealersArea } from './dealers-slice';
import { shippingListArea } from './shipping-slice';

const ShippingList = lazy(() => import('./list'));

export const routes: RouteObject[] = [{ path: 'shipping', element: <ShippingList /> }];
export const slices: Slice[] = [shippingListArea.slice, shippingDealersArea.slice];
