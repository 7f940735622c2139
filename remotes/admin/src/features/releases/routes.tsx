// This feature's part of the admin remote: «Релизы разделов» at /admin/releases (admin only: the API
// answers 404 to anyone else, and the menu shows the entry to the admin).
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';

const ReleasesScreen = lazy(() => import('./releases-screen'));

export const routes: RouteObject[] = [{ path: 'releases', element: <ReleasesScreen /> }];
export const slices: Slice[] = [];
