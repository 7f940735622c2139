// Who may do what (design §4), as data, checked in one place: every /api route names its area and
// action in `config.permission`, and the hook below authenticates the caller, answers 404 when the
// caller's role has no grant (so that ids and areas do not leak) and 403 `contract_required` while
// a dealer has not signed the agreement in force: until then it reads its orders, shipments, claims,
// cancellation requests, documents and the news, and creates or changes nothing (design §4). A grant's scope tells the handler whether the caller sees all rows or only
// its own.
// One principal is not a user: a deploy key (design §6), sent as a bearer token, made by an admin
// for one remote. Its grants are the table's `deployKey` column, always for its own remote: a route
// it may use names the remote in its `:name` parameter, and another remote answers 404. On any
// other route a key is refused as an unknown token would be (401).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../db/tables/users';
import type { Action, Area, Scope } from '../lib/access';
import { ApiError, notFound } from '../lib/api-error';
import { isDeployKey, verifyDeployKey, type DeployKeyPrincipal } from '../lib/releases/deploy-keys';
import { authenticate, bearerToken } from './auth';

type Grants = Partial<Record<Action, Scope>>;

interface AreaRules {
  /** Open to everyone, signed in or not. */
  visitor?: Grants;
  dealer?: Grants;
  manager?: Grants;
  admin?: Grants;
  /** A deploy key, on its own remote only (`own`). */
  deployKey?: Grants;
  /** A dealer who has not signed the contract may still use this area. */
  beforeContract?: boolean;
  /** A dealer who has not signed the contract may still read (list and read) this area, not write it. */
  readBeforeContract?: boolean;
}

const everything: Grants = { list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' };
const readAll: Grants = { list: 'all', read: 'all' };
const readOwn: Grants = { list: 'own', read: 'own' };
const staff = { manager: everything, admin: everything };
const signedIn = (grants: Grants) => ({ dealer: grants, manager: grants, admin: grants });

// Design §4, one row per area. What a dealer may change of its own rows beyond the grant (an order
// only while `new`) is a lifecycle rule, checked by the area itself.
export const permissions = {
  auth: { visitor: { create: 'all' } },
  health: { visitor: { read: 'all' } },
  me: { ...signedIn({ read: 'own', update: 'own' }), beforeContract: true },
  contract: { ...signedIn({ read: 'own', sign: 'own' }), beforeContract: true },
  users: { dealer: { read: 'own' }, manager: { read: 'own' }, admin: everything },
  dealers: { dealer: readOwn, ...staff },
  dealergroups: { dealer: readOwn, ...staff },
  regreq: { visitor: { create: 'all' }, manager: { ...readAll, update: 'all', delete: 'all' }, admin: { ...readAll, update: 'all', delete: 'all' } },
  products: staff,
  dp: { dealer: readOwn },
  storeitems: { dealer: readAll, ...staff },
  // A store item's receipts, write-offs, corrections and shipments (design §5, §6): staff read and record them.
  stockmovements: { manager: { ...readAll, create: 'all' }, admin: { ...readAll, create: 'all' } },
  orders: { dealer: { ...readOwn, create: 'own', update: 'own', delete: 'own' }, ...staff, readBeforeContract: true },
  orderdelreq: { dealer: { ...readOwn, create: 'own' }, ...staff, readBeforeContract: true },
  shippings: { dealer: readOwn, ...staff, readBeforeContract: true },
  claims: { dealer: { ...readOwn, create: 'own', update: 'own', delete: 'own' }, ...staff, readBeforeContract: true },
  news: { dealer: { list: 'own', read: 'own' }, manager: readAll, admin: readAll, beforeContract: true },
  newsletters: staff,
  // A dealer deletes its own uploads while nothing refers to them (areas/attachments.ts).
  attachments: { dealer: { ...readOwn, create: 'own', delete: 'own' }, ...staff, readBeforeContract: true },
  variables: { admin: everything },
  // The minimum order total and the support address; the address helps before the contract too.
  settings: { ...signedIn({ read: 'all' }), beforeContract: true },
  // The remotes' releases (design §3 "Releases", §6): list and read, upload (create), activate and
  // roll back (update). Keys are the admin's alone; the registry is what any signed-in user loads.
  releases: { admin: { ...readAll, create: 'all', update: 'all' }, deployKey: { list: 'own', read: 'own', create: 'own', update: 'own' } },
  deploykeys: { admin: { list: 'all', create: 'all', delete: 'all' } },
  remoteregistry: { ...signedIn({ read: 'all' }), beforeContract: true },
  // Staff point a remote at their own build (REMOTE_OVERRIDES=on); anyone signed in may clear the
  // cookie its browser holds (issue 30 item 6).
  remoteoverrides: { dealer: { delete: 'own' }, manager: { create: 'own', delete: 'own' }, admin: { create: 'own', delete: 'own' }, beforeContract: true },
  // The audit trail (issue 17): the admin reads it; nobody writes it through the API.
  audit: { admin: readAll },
  // Saved list views (issue 18 item 8): each user's own; staff also read the views shared with all
  // staff (areas/views.ts). A preference like the profile, so also before the contract.
  views: { ...signedIn({ list: 'own', create: 'own', delete: 'own' }), beforeContract: true },
  // The exchange with 1C (issue 33): 1C's endpoint checks an exchange account itself (HTTP Basic,
  // then its session cookie: routes/exchange.ts), so the table lets every caller through to it; a
  // token of a user is never taken there. The accounts, runs and sending orders again are the admin's.
  exchange: { visitor: { read: 'all' } },
  exchangeadmin: { admin: { list: 'all', read: 'all', create: 'all', delete: 'all' } },
} satisfies Record<Area, AreaRules>;

export interface Permission {
  area: Area;
  action: Action;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
  interface FastifyRequest {
    /** The scope of the caller's grant for this route; null on routes open to visitors. */
    scope: Scope | null;
    /** The deploy key the caller used; null for a user or a visitor. */
    deployKey: DeployKeyPrincipal | null;
  }
}

export function grantOf(area: Area, role: Role | 'visitor' | 'deployKey', action: Action): Scope | undefined {
  const rules: AreaRules = permissions[area];
  return rules[role]?.[action];
}

async function authorize(request: FastifyRequest): Promise<void> {
  const permission = request.routeOptions.config.permission;
  if (!permission) throw new Error(`Route ${request.routeOptions.url} declares no permission`);
  if (grantOf(permission.area, 'visitor', permission.action)) return;
  const token = bearerToken(request);
  if (token && isDeployKey(token)) {
    await authorizeDeployKey(request, permission, token);
    return;
  }
  const user = await authenticate(request);
  const scope = grantOf(permission.area, user.role, permission.action);
  if (!scope) throw notFound();
  const rules: AreaRules = permissions[permission.area];
  if (user.role === 'dealer' && !user.contract_signed && !rules.beforeContract) {
    const reading = permission.action === 'list' || permission.action === 'read';
    if (!(reading && rules.readBeforeContract)) throw new ApiError(403, 'contract_required');
  }
  request.scope = scope;
}

async function authorizeDeployKey(request: FastifyRequest, permission: Permission, token: string): Promise<void> {
  if (!grantOf(permission.area, 'deployKey', permission.action)) throw new ApiError(401, 'token_invalid');
  const key = await verifyDeployKey(request.server.db, token);
  const remote = (request.params as { name?: unknown } | undefined)?.name;
  // Said as a deploy's problem, not a browser session's («Сеанс истёк… Войдите снова»): an unknown or
  // revoked key is 401, another remote's key 404 (for it that remote does not exist), each naming the remote.
  if (!key) throw typeof remote === 'string' ? new ApiError(401, 'deploy_key_refused', undefined, { remote }) : new ApiError(401, 'deploy_key_unknown');
  if (remote !== undefined && remote !== key.remote) throw new ApiError(404, 'deploy_key_refused', undefined, { remote: String(remote) });
  request.deployKey = key;
  request.scope = 'own';
}

/** Installs the check on every route of the given (encapsulated) /api scope. */
export function installPermissions(api: FastifyInstance): void {
  api.decorateRequest('scope', null);
  api.decorateRequest('deployKey', null);
  api.addHook('onRoute', (route) => {
    if (!route.config?.permission) throw new Error(`API route ${route.method} ${route.url} must declare config.permission`);
  });
  api.addHook('onRequest', authorize);
}
