// This feature's part of the admin remote: «Пользователи» at /admin/users (admin only), a new user's
// form, a user's page at /admin/users/:id and its form at /admin/users/:id/edit (each screen its own
// chunk), and the slices they read.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { userDealerChoicesArea, usersArea } from './users-slice';

const UsersList = lazy(() => import('./list'));
const UserCreate = lazy(() => import('./create'));
const UserShow = lazy(() => import('./show'));
const UserEdit = lazy(() => import('./edit'));

export const routes: RouteObject[] = [{
  path: 'users',
  children: [
    { index: true, element: <UsersList /> },
    { path: 'new', element: <UserCreate /> },
    { path: ':id', element: <UserShow /> },
    { path: ':id/edit', element: <UserEdit /> },
  ],
}];
export const slices: Slice[] = [usersArea.slice, userDealerChoicesArea.slice];
