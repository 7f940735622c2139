// This feature's part of the dealers remote: «Группы дилеров» at /dealers/groups, a new group's form
// and a group's form at /dealers/groups/:id/edit (each screen its own chunk), and the slice they read.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { groupsArea } from './groups-slice';

const GroupsList = lazy(() => import('./list'));
const GroupCreate = lazy(() => import('./create'));
const GroupEdit = lazy(() => import('./edit'));

export const routes: RouteObject[] = [
  { path: 'groups', element: <GroupsList /> },
  { path: 'groups/new', element: <GroupCreate /> },
  { path: 'groups/:id/edit', element: <GroupEdit /> },
];
export const slices: Slice[] = [groupsArea.slice];
