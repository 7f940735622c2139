// The words of the permission table (design §4), which plugins/permissions.ts fills in as data and
// the areas of lib/area.ts name: the areas, the actions on them, and how far a grant reaches.

/** Every area a route may name in `config.permission`. */
export type Area =
  | 'auth' | 'health' | 'me' | 'contract' | 'users' | 'dealers' | 'dealergroups' | 'regreq' | 'products' | 'dp' | 'storeitems'
  | 'orders' | 'orderdelreq' | 'shippings' | 'claims' | 'news' | 'newsletters' | 'attachments' | 'variables' | 'settings'
  | 'releases' | 'deploykeys' | 'remoteregistry' | 'remoteoverrides' | 'audit' | 'views' | 'stockmovements'
  | 'exchange' | 'exchangeadmin';

export type Action = 'list' | 'read' | 'create' | 'update' | 'delete' | 'sign';

/** `all`: every row; `own`: rows of the caller (its user, its dealer, its dealer group). */
export type Scope = 'all' | 'own';
