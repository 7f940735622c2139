// The contract of a remote with the host (design §3, contract 2.0): its module, and its menu
// entries, which are data published with the remote's build (its mf-manifest.json metaData), so the
// host draws the menu without fetching a line of any remote's JavaScript.
import type { RouteObject } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import type { Role } from './types';

export interface MenuEntry {
  key: string;
  label: { ru: string; en: string };
  /** Relative to the remote's base path; '' is the base path itself. */
  path: string;
  /** An @ant-design/icons name, e.g. 'ShoppingOutlined'. */
  icon?: string;
  roles: Role[];
  /** An unsigned dealer may open it (news); default false. */
  beforeContract?: boolean;
  /**
   * An API list path, with its query, whose `count` the host shows on the entry: what waits for the
   * user, e.g. '/api/regreq/?status=new' (contract 2.1).
   */
  count?: string;
}

/** What a remote's build writes into its mf-manifest.json `metaData.portal`. */
export interface RemoteMetaData {
  contractVersion: string;
  menu: MenuEntry[];
}

export interface RemoteModule {
  /** 'catalog', 'orders', ...; equals its registry name. */
  name: string;
  /** The CONTRACT_VERSION it was built against. */
  contractVersion: string;
  /** react-router routes relative to the remote's base path, screens lazily loaded. */
  routes: RouteObject[];
  /** Injected into the one store when the remote loads. */
  slices?: Slice[];
}
