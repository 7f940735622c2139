// The contract of a remote with the host (design §3): its module and its menu entries.
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import type { Role } from './types';

export interface MenuEntry {
  key: string;
  labelKey: string;
  path: string;
  icon?: ReactNode;
  roles: Role[];
}

export interface RemoteModule {
  /** 'catalog', 'orders', ...; equals its registry name. */
  name: string;
  /** The CONTRACT_VERSION it was built against. */
  contractVersion: string;
  /** react-router routes relative to the remote's base path, screens lazily loaded. */
  routes: RouteObject[];
  menu: MenuEntry[];
  /** Injected into the one store when the remote loads. */
  slices?: Slice[];
}

