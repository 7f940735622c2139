// This feature's part of the orders remote: «Запросы на отмену» (lazily loaded) and its slices.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { deletionRequestListArea, pendingRequestsArea } from './deletion-requests-slice';

const DeletionRequestList = lazy(() => import('./list'));

export const routes: RouteObject[] = [{ path: 'deletion-requests', element: <DeletionRequestList /> }];
export const slices: Slice[] = [deletionRequestListArea.slice, pendingRequestsArea.slice];
