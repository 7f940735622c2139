// This feature's part of the dealers remote: «Заявки на регистрацию» at /dealers/registrations and a
// request's page at /dealers/registrations/:id (each screen its own chunk), and the slices they read.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { registrationGroupsArea, registrationsArea } from './registrations-slice';

const RegistrationsList = lazy(() => import('./list'));
const RegistrationShow = lazy(() => import('./show'));

export const routes: RouteObject[] = [
  { path: 'registrations', element: <RegistrationsList /> },
  { path: 'registrations/:id', element: <RegistrationShow /> },
];
export const slices: Slice[] = [registrationsArea.slice, registrationGroupsArea.slice];
