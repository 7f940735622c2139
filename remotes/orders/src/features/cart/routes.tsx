// This feature's part of the orders remote: «Корзина» at /orders/cart (dealer), lazily loaded. The
// cart itself is the shared cart slice (spec §4), always in the store: nothing to inject.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const CartScreen = lazy(() => import('./cart-screen'));

export const routes: RouteObject[] = [{ path: 'cart', element: <CartScreen /> }];
export const slices: Slice[] = [];
