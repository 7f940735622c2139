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
  /**
   * (2.6) The first read of the entry's screen, exactly as the screen asks it (path and query, its
   * parameters in the screen's order), e.g. '/api/news/?page=1&page_size=10&ordering=-published_at';
   * or one per role, where the screen's first read differs by role. The page asks it with the
   * user's token before any script runs, and the screen's first read of exactly that URL takes the
   * answer (design §3 "Data before code"). Only `/api/` paths.
   */
  preload?: MenuPreload;
}

/** (2.6) A menu entry's `preload`: one URL for every role that sees the entry, or one per role. */
export type MenuPreload = string | Partial<Record<Role, string>>;

/**
 * A card on the cabinet's home, drawn by the host from data alone (contract 2.2): the host reads
 * `count` and `results` of `source` and shows each item's named fields.
 */
export interface HomeWidget {
  key: string;
  title: { ru: string; en: string };
  roles: Role[];
  /** An /api/... list path with its filters. */
  source: string;
  /**
   * Item field names: `subtitle` may name several, «carrier,tracking_number», shown joined; `tag` is a
   * status (a StatusTag); `amount` money; `date` a date, or in the inbox how long it has waited;
   * `quantity` (2.5) a number of units, «доступно 3».
   */
  fields: { title: string; subtitle?: string; tag?: string; amount?: string; date?: string; quantity?: string };
  /** (2.5) Whose status `tag` is, when its word agrees with a feminine noun: «Новая» претензия. */
  statusOf?: 'claim' | 'registration';
  /** One item, e.g. '/orders/:id'. */
  link: string;
  /** "All", e.g. '/orders?status=new'. */
  more?: string;
  /** Staff: part of «Ждут решения», oldest first, with its age. */
  inbox?: boolean;
}

/** A remote's `src/menu.json` (schema: `shared/schemas/menu.schema.json`). */
export interface RemoteMenuFile {
  menu: MenuEntry[];
  widgets?: HomeWidget[];
}

/**
 * What a remote's build writes into its mf-manifest.json `metaData.portal` (schema:
 * `shared/schemas/portal-metadata.schema.json`), read by the release gate (contract 2.2).
 */
export interface RemoteMetaData {
  /** The remote's registry name. */
  name: string;
  contractVersion: string;
  /** The build's own version and git commit, when given. */
  version?: string;
  gitSha?: string;
  menu: MenuEntry[];
  widgets?: HomeWidget[];
  /** Each shared singleton the remote consumes, with the range it requires of the host. */
  shared: Record<string, string>;
}

/**
 * One remote as the page's registry gives it (contract 2.2): its live release, whose files never
 * change, and its menu, so the host draws the menu and loads the code with no manifest round trip.
 */
export interface RegistryRemote {
  name: string;
  /** '/<name>' */
  basePath: string;
  /** The roles any of its menu entries or widgets is for. */
  roles: Role[];
  /** The live release's id. */
  release: string;
  /** The URL of the live release's mf-manifest.json. */
  entry: string;
  /** The URL of the live release's remoteEntry.js. */
  remoteEntry: string;
  contractVersion: string;
  menu: MenuEntry[];
  widgets?: HomeWidget[];
  /** A staff user's local override (REMOTE_OVERRIDES=on): the entry is another manifest, for this browser only. */
  override?: boolean;
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
