// This feature's part of the admin remote: «Претензии» at /admin/claims, a new claim at
// claims/new?order=:id and a claim's page at claims/:id (each screen its own chunk), and the slices
// the list reads.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { claimDealersArea, claimsArea } from './claims-slice';

const ClaimsList = lazy(() => import('./list'));
const ClaimCreate = lazy(() => import('./create'));
const ClaimShow = lazy(() => import('./show'));

export const routes: RouteObject[] = [
  { path: 'claims', element: <ClaimsList /> },
  { path: 'claims/new', element: <ClaimCreate /> },
  { path: 'claims/:id', element: <ClaimShow /> },
];
export const slices: Slice[] = [claimsArea.slice, claimDealersArea.slice];
