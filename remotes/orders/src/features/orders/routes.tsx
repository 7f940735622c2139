// This feature's part of the orders remote: «Заказы» at the remote's base path and the order page
// at ':id' (each screen its own chunk), and the slices the list reads.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { orderDealersArea } from './dealers-slice';
import { ordersArea } from './orders-slice';

const OrdersList = lazy(() => import('./list'));
const OrderShow = lazy(() => import('./show'));

export const routes: RouteObject[] = [
  { index: true, element: <OrdersList /> },
  { path: ':id', element: <OrderShow /> },
];
export const slices: Slice[] = [ordersArea.slice, orderDealersArea.slice];
