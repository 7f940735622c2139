// Who may do what (design §4), as data, checked in one place: every /api route names its area and
// action in `config.permission`, and the hook below authenticates the caller, answers 404 when the
// caller's role has no grant (so that ids and areas do not leak) and 403 while a dealer has not
// signed the contract. A grant's scope tells the handler whether the caller sees all rows or only
// its own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../db/tables/users';
import type { Action, Area, Scope } from '../lib/access';
import { ApiError, notFound } from '../lib/api-error';
import { authenticate } from './auth';

type Grants = Partial<Record<Action, Scope>>;

interface AreaRules {
  /** Open to everyone, signed in or not. */
  visitor?: Grants;
  dealer?: Grants;
  manager?: Grants;
  admin?: Grants;
  /** A dealer who has not signed the contract may still use this area. */
  beforeContract?: boolean;
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
  me: { ...signedIn({ read: 'own' }), beforeContract: true },
  contract: { ...signedIn({ read: 'own', sign: 'own' }), beforeContract: true },
  users: { dealer: { read: 'own' }, manager: { read: 'own' }, admin: everything },
  dealers: { dealer: readOwn, ...staff },
  dealergroups: { dealer: readOwn, ...staff },
  regreq: { visitor: { create: 'all' }, manager: { ...readAll, update: 'all', delete: 'all' }, admin: { ...readAll, update: 'all', delete: 'all' } },
  products: staff,
  dp: { dealer: readOwn },
  storeitems: { dealer: readAll, ...staff },
  orders: { dealer: { ...readOwn, create: 'own', update: 'own', delete: 'own' }, ...staff },
  orderdelreq: { dealer: { ...readOwn, create: 'own' }, ...staff },
  shippings: { dealer: readOwn, ...staff },
  claims: { dealer: { ...readOwn, create: 'own', update: 'own', delete: 'own' }, ...staff },
  news: { dealer: { list: 'own', read: 'own' }, manager: readAll, admin: readAll, beforeContract: true },
  newsletters: staff,
  attachments: { dealer: { ...readOwn, create: 'own' }, ...staff },
  variables: { admin: everything },
  // The minimum order total and the support address; the address helps before the contract too.
  settings: { ...signedIn({ read: 'all' }), beforeContract: true },
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
  }
}

export function grantOf(area: Area, role: Role | 'visitor', action: Action): Scope | undefined {
  const rules: AreaRules = permissions[area];
  return rules[role]?.[action];
}

async function authorize(request: FastifyRequest): Promise<void> {
  const permission = request.routeOptions.config.permission;
  if (!permission) throw new Error(`Route ${request.routeOptions.url} declares no permission`);
  if (grantOf(permission.area, 'visitor', permission.action)) return;
  const user = await authenticate(request);
  const scope = grantOf(permission.area, user.role, permission.action);
  if (!scope) throw notFound();
  const rules: AreaRules = permissions[permission.area];
  if (user.role === 'dealer' && !user.contract_signed && !rules.beforeContract) throw new ApiError(403, 'contract_not_signed');
  request.scope = scope;
}

/** Installs the check on every route of the given (encapsulated) /api scope. */
export function installPermissions(api: FastifyInstance): void {
  api.decorateRequest('scope', null);
  api.addHook('onRoute', (route) => {
    if (!route.config?.permission) throw new Error(`API route ${route.method} ${route.url} must declare config.permission`);
  });
  api.addHook('onRequest', authorize);
}
