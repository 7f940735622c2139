// This feature's part of the dealers remote: «Дилеры» at /dealers, a new dealer's form, a dealer's
// page at /dealers/:id and its form at /dealers/:id/edit (each screen its own chunk), and the slices they read.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { dealerGroupChoicesArea, dealersArea } from './dealers-slice';

const DealersList = lazy(() => import('./list'));
const DealerCreate = lazy(() => import('./create'));
const DealerShow = lazy(() => import('./show'));
const DealerEdit = lazy(() => import('./edit'));

export const routes: RouteObject[] = [
  { index: true, element: <DealersList /> },
  { path: 'new', element: <DealerCreate /> },
  { path: ':id', element: <DealerShow /> },
  { path: ':id/edit', element: <DealerEdit /> },
];
export const slices: Slice[] = [dealersArea.slice, dealerGroupChoicesArea.slice];
