// The permission matrix of design §4, checked from the outside: every data area × every role
// (a visitor without a token, the dealer, a dealer of another dealer, a manager, an admin) × every
// action the area has in spec §7 (list, read one id, create, update, delete). The table below is
// written from the design, not copied from plugins/permissions.ts, so that it checks the
// implementation. Allowed: a 2xx (the fixtures are valid); refused: 404 for anyone signed in
// ("—" answers 404, so ids do not leak), 401 for a visitor. A dealer's "own" rows are the rows of
// its own dealer: the dealer of another dealer sees none of them (404 on the id, absent from every
// list). Also: the 403 of a dealer who has not signed the contract, what is open to visitors, and
// the isolation of two dealers' orders, deletion requests, claims, shipping and attachments,
// files included.
import { call, createTestApp, formData, testDatabases, tokensFor, type TestApp } from './test-app';

type Action = 'list' | 'read' | 'create' | 'update' | 'delete';
type Scope = 'all' | 'own';
type Grants = Partial<Record<Action, Scope>>;
type Role = 'visitor' | 'dealer' | 'otherDealer' | 'manager' | 'admin';
type AreaName =
  | 'dealers' | 'dealergroups' | 'regreq' | 'products' | 'dp' | 'storeitems' | 'orders' | 'orderdelreq' | 'shippings'
  | 'claims' | 'newsletters' | 'news' | 'attachments' | 'variables' | 'users' | 'audit';

const ALL: Grants = { list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' };
const READ_OWN: Grants = { list: 'own', read: 'own' };

interface DesignRow {
  /** What is open to visitors, and so to everyone signed in as well. */
  visitor?: Grants;
  dealer: Grants;
  /** 'unspecified': the design does not say (checked only for "no 401/403/5xx"). */
  manager: Grants | 'unspecified';
  admin: Grants | 'unspecified';
}

/**
 * Design §4, per data area. "own" for a dealer: the rows of its own dealer (its group, its orders
 * and what hangs off them, attachments for it); for users: the caller itself.
 */
const DESIGN: Record<AreaName, DesignRow> = {
  dealers: { dealer: READ_OWN, manager: ALL, admin: ALL },
  dealergroups: { dealer: READ_OWN, manager: ALL, admin: ALL },
  // "create (also visitors)"; staff: "read, approve/reject, delete".
  regreq: { visitor: { create: 'all' }, dealer: {}, manager: { list: 'all', read: 'all', update: 'all', delete: 'all' }, admin: { list: 'all', read: 'all', update: 'all', delete: 'all' } },
  products: { dealer: {}, manager: ALL, admin: ALL },
  // Every dealer reads the whole (active) catalogue, at its own prices. Staff's product list is
  // /api/products/; whether they may read /api/dp/ the design does not say.
  dp: { dealer: { list: 'all', read: 'all' }, manager: 'unspecified', admin: 'unspecified' },
  storeitems: { dealer: { list: 'all', read: 'all' }, manager: ALL, admin: ALL },
  // "create; read own; update or delete own while new".
  orders: { dealer: { create: 'own', list: 'own', read: 'own', update: 'own', delete: 'own' }, manager: ALL, admin: ALL },
  // "create and read for own orders".
  orderdelreq: { dealer: { create: 'own', list: 'own', read: 'own' }, manager: ALL, admin: ALL },
  shippings: { dealer: READ_OWN, manager: ALL, admin: ALL },
  // "create and read for own orders; update own while new"; the API issue adds "dealers edit or
  // delete their orders and claims only while new", so a dealer deletes its own new claim.
  claims: { dealer: { create: 'own', list: 'own', read: 'own', update: 'own', delete: 'own' }, manager: ALL, admin: ALL },
  newsletters: { dealer: {}, manager: ALL, admin: ALL },
  // Published news for the dealer's group. Staff's news list is /api/newsletters/; whether they
  // may read /api/news/ the design does not say.
  news: { dealer: { list: 'own' }, manager: 'unspecified', admin: 'unspecified' },
  // "read and download those for all dealers, its own dealer or uploaded by itself; upload".
  attachments: { dealer: { list: 'own', read: 'own', create: 'own' }, manager: ALL, admin: ALL },
  variables: { dealer: {}, manager: {}, admin: ALL },
  // "/api/users/me/ and its own /api/users/{id}/"; a manager: own only; an admin: all, and (issue 8)
  // creates and changes users.
  users: { dealer: { read: 'own' }, manager: { read: 'own' }, admin: { list: 'all', read: 'all', create: 'all', update: 'all' } },
  // Design §6 "GET /api/audit/ (admin)"; no write route at all (issue 17: append-only through the API).
  audit: { dealer: {}, manager: {}, admin: { list: 'all', read: 'all' } },
};

type Body = { json: unknown } | { form: Record<string, string>; files?: Parameters<typeof formData>[1] };

interface AreaSpec {
  path: string;
  createPath?: string;
  /** The actions spec §7 (and our additions) give the area. */
  actions: Action[];
  /** A row the dealer (dealer@demo.test) sees where the design gives it its own rows. */
  seen: () => Promise<number>;
  /** A new row for one update or delete. */
  fresh?: () => Promise<number>;
  create?: (role: Role) => Promise<Body>;
  /** The create body names the first dealer's order: another dealer gets 404. */
  createNamesSeenDealer?: boolean;
  /** The full item as read, changed a little, as the portal sends it back. */
  update?: (item: any) => Body;
}

const ROLES: Role[] = ['visitor', 'dealer', 'otherDealer', 'manager', 'admin'];
const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  dealer: 'dealer@demo.test', otherDealer: 'dealer2@demo.test', manager: 'manager@demo.test', admin: 'admin@demo.test',
};

const pdf = (text: string) => ({ name: `${text}.pdf`, type: 'application/pdf', data: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`) });

describe.each(testDatabases())('permission matrix of design §4 on %s', (kind) => {
  let t: TestApp;
  const token: Partial<Record<Role, string>> = {};
  let unsignedDealer2 = '';
  let dealerId = 0;
  let otherDealerId = 0;
  let dealerUserId = 0;
  let product = 0;
  let quantity = 1;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${kind}-${++counter}`;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role: Role, body?: Body) => {
    const auth = role === 'visitor' ? undefined : token[role];
    if (!body) return call(t.app, method, url, { token: auth });
    if ('json' in body) return call(t.app, method, url, { token: auth, body: body.json });
    const form = formData(body.form, body.files);
    return call(t.app, method, url, { token: auth, body: form.body, headers: form.headers });
  };
  /** A write that must succeed (fixtures), as the admin unless told. */
  async function ok(method: 'POST' | 'PUT', url: string, body: Body, role: Role = 'admin'): Promise<any> {
    const answer = await send(method, url, role, body);
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`${method} ${url} as ${role}: ${answer.status} ${answer.body}`);
    return answer.json;
  }
  /** Every id of a list, page by page. */
  async function listIds(url: string, role: Role): Promise<{ status: number; ids: number[]; json: any }> {
    const ids: number[] = [];
    let next: string | null = `${url}${url.includes('?') ? '&' : '?'}page_size=500`;
    let answer = { status: 0, json: undefined as any };
    while (next) {
      answer = await send('GET', next, role);
      if (answer.status !== 200) break;
      ids.push(...answer.json.results.map((item: { id: number }) => item.id));
      next = answer.json.next;
    }
    return { status: answer.status, ids, json: answer.json };
  }

  // Orders of the first dealer in the states the areas need.
  const orderBody = (role: Role): Body => ({ json: { items: [{ product, quantity }], comment: 'matrix', ...(role === 'manager' || role === 'admin' ? { dealer: dealerId } : {}) } });
  const newOrder = async () => (await ok('POST', '/api/orders/', orderBody('admin'))).id as number;
  const moveOrder = async (id: number, status: string) => {
    const item = (await send('GET', `/api/orders/${id}/`, 'admin')).json;
    await ok('PUT', `/api/orders/${id}/`, { json: { ...item, status } });
  };
  let confirmed = 0;
  let shipped = 0;
  const newShipping = async (order: number) => (await ok('POST', '/api/shipping/create/', { json: { order, carrier: 'СДЭК' } })).id as number;

  const newsOf = (audience: number | null) => ok('POST', '/api/newsletters/', { json: { title: unique('news'), body: 'text', audience, published: true } });

  const specs: Record<AreaName, AreaSpec> = {
    dealers: {
      path: '/api/dealers/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => dealerId,
      fresh: async () => (await ok('POST', '/api/dealers/', { json: { name: unique('dealer'), group: null } })).id,
      create: async () => ({ json: { name: unique('dealer'), group: null } }),
      update: (item) => ({ json: { ...item, address: 'changed' } }),
    },
    dealergroups: {
      path: '/api/dealergroups/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await send('GET', `/api/dealers/${dealerId}/`, 'admin')).json.group,
      fresh: async () => (await ok('POST', '/api/dealergroups/', { json: { name: unique('group'), discount_percent: '3.00' } })).id,
      create: async () => ({ json: { name: unique('group'), discount_percent: '3.00' } }),
      update: (item) => ({ json: { ...item, description: 'changed' } }),
    },
    regreq: {
      path: '/api/regreq/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await ok('POST', '/api/regreq/', await specs.regreq.create!('visitor'), 'visitor')).id,
      fresh: async () => (await ok('POST', '/api/regreq/', await specs.regreq.create!('visitor'), 'visitor')).id,
      create: async () => ({ json: { company_name: unique('ООО Ромашка'), tax_id: '7712345671', contact_name: 'Иван Петров', email: `${unique('r')}@example.test`, phone: '+7 495 111-22-33' } }),
      update: (item) => ({ json: { ...item, status: 'rejected', decision_reason: 'checked' } }),
    },
    products: {
      path: '/api/products/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => product,
      fresh: async () => (await ok('POST', '/api/products/', await specs.products.create!('admin'))).id,
      create: async () => ({ json: { sku: unique('SKU'), name: 'Товар', category: 'Тест', price: '100.00' } }),
      update: (item) => ({ json: { ...item, description: 'changed' } }),
    },
    dp: { path: '/api/dp/', actions: ['list', 'read'], seen: async () => product },
    storeitems: {
      path: '/api/storeitems/',
      createPath: '/api/storeitem/create/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await ok('POST', '/api/storeitem/create/', await specs.storeitems.create!('admin'))).id,
      fresh: async () => (await ok('POST', '/api/storeitem/create/', await specs.storeitems.create!('admin'))).id,
      create: async () => ({ json: { product, warehouse: unique('Склад'), quantity: 10 } }),
      update: (item) => ({ json: { ...item, quantity: item.quantity + 1 } }),
    },
    orders: {
      path: '/api/orders/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: newOrder,
      fresh: newOrder,
      create: async (role) => orderBody(role),
      // Multipart, as spec §7 says; the lines as JSON text.
      update: (item) => ({ form: { items: JSON.stringify(item.items), comment: 'changed', status: item.status } }),
    },
    orderdelreq: {
      path: '/api/orderdelreq/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await ok('POST', '/api/orderdelreq/', { json: { order: await newOrder(), reason: 'matrix' } })).id,
      fresh: async () => (await ok('POST', '/api/orderdelreq/', { json: { order: await newOrder(), reason: 'matrix' } })).id,
      create: async () => ({ json: { order: await newOrder(), reason: 'Ошибка в заказе' } }),
      createNamesSeenDealer: true,
      update: (item) => ({ form: { order: String(item.order), reason: 'changed', status: item.status } }),
    },
    shippings: {
      path: '/api/shippings/',
      createPath: '/api/shipping/create/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: () => newShipping(confirmed),
      fresh: () => newShipping(confirmed),
      create: async () => ({ json: { order: confirmed, carrier: 'ПЭК', tracking_number: unique('TRK') } }),
      update: (item) => ({ form: { order: String(item.order), carrier: item.carrier, tracking_number: 'changed', status: item.status } }),
    },
    claims: {
      path: '/api/claims/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await ok('POST', '/api/claims/', await specs.claims.create!('admin'))).id,
      fresh: async () => (await ok('POST', '/api/claims/', await specs.claims.create!('admin'))).id,
      create: async () => ({ json: { order: shipped, product, quantity: 1, description: 'Брак упаковки' } }),
      createNamesSeenDealer: true,
      update: (item) => ({ json: { ...item, description: 'changed' } }),
    },
    newsletters: {
      path: '/api/newsletters/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await newsOf(null)).id,
      fresh: async () => (await newsOf(null)).id,
      create: async () => ({ json: { title: unique('news'), body: 'text', audience: null, published: false } }),
      update: (item) => ({ json: { ...item, title: 'changed' } }),
    },
    // Published for the first dealer's group only: the other dealer (another group) sees it not.
    news: { path: '/api/news/', actions: ['list'], seen: async () => (await newsOf(await specs.dealergroups.seen())).id },
    attachments: {
      path: '/api/attachments/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await ok('POST', '/api/attachments/', await specs.attachments.create!('admin'))).id,
      fresh: async () => (await ok('POST', '/api/attachments/', await specs.attachments.create!('admin'))).id,
      create: async (role) => ({ form: { description: 'matrix', ...(role === 'manager' || role === 'admin' ? { dealer: String(dealerId) } : {}) }, files: { file: pdf(unique('file')) } }),
      update: (item) => ({ json: { ...item, description: 'changed' } }),
    },
    variables: {
      path: '/api/variables/',
      createPath: '/api/variable/create/',
      actions: ['list', 'read', 'create', 'update', 'delete'],
      seen: async () => (await ok('POST', '/api/variable/create/', await specs.variables.create!('admin'))).id,
      fresh: async () => (await ok('POST', '/api/variable/create/', await specs.variables.create!('admin'))).id,
      create: async () => ({ json: { key: unique('matrix').replace(/-/g, '_'), value: 'v' } }),
      update: (item) => ({ json: { ...item, description: 'changed' } }),
    },
    users: {
      path: '/api/users/',
      actions: ['list', 'read', 'create', 'update'],
      seen: async () => dealerUserId,
      fresh: async () => (await ok('POST', '/api/users/', await specs.users.create!('admin'))).id,
      create: async () => ({ json: { email: `${unique('user')}@example.test`, first_name: 'Матрица', last_name: 'Прав', role: 'manager' } }),
      update: (item) => ({ json: { ...item, first_name: 'changed' } }),
    },
    // A row of the trail: the one the admin's new user made.
    audit: {
      path: '/api/audit/',
      actions: ['list', 'read'],
      seen: async () => {
        const user = await ok('POST', '/api/users/', await specs.users.create!('admin'));
        return (await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'user.created').where('target_id', '=', String(user.id)).executeTakeFirstOrThrow()).id;
      },
    },
  };

  beforeAll(async () => {
    const many = { max: 100_000, windowMs: 60_000 };
    t = await createTestApp(kind, { rateLimits: { login: many, refresh: many, restore: many, regreq: many } });
    const users = await t.app.db.selectFrom('users').select(['id', 'email', 'dealer_id']).execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    dealerId = byEmail.get(EMAIL.dealer)!.dealer_id!;
    otherDealerId = byEmail.get(EMAIL.otherDealer)!.dealer_id!;
    dealerUserId = byEmail.get(EMAIL.dealer)!.id;
    // A user of the second dealer who has not signed (what counts is the database, not the token: issue 17);
    // the second dealer's own user signs.
    const unsigned = await t.app.db.insertInto('users').values({
      email: 'unsigned@matrix.test', password_hash: '', first_name: 'Н', last_name: 'Н', role: 'dealer', dealer_id: otherDealerId,
      is_active: true, contract_signed: false, date_joined: new Date().toISOString(),
    }).returning(['id', 'email', 'role', 'dealer_id', 'contract_signed']).executeTakeFirstOrThrow();
    unsignedDealer2 = (await t.app.tokens.issue(unsigned)).access;
    await call(t.app, 'POST', '/api/contract/sign/', { token: (await tokensFor(t.app, EMAIL.otherDealer)).access });
    for (const role of ROLES) if (role !== 'visitor') token[role] = (await tokensFor(t.app, EMAIL[role])).access;
    // The dearest active product, so that one line is over any minimum order total.
    const dearest = (await send('GET', '/api/products/?is_active=true&ordering=-price&page_size=1', 'admin')).json.results[0];
    product = dearest.id;
    quantity = Math.max(1, Math.ceil(5_000 / Number(dearest.price)));
    confirmed = await newOrder();
    await moveOrder(confirmed, 'confirmed');
    // Every claim of the matrix takes 1 of the shipped order's line (a line's claims never exceed it): a line of 200, stocked for it.
    await ok('POST', '/api/storeitem/create/', { json: { product, warehouse: 'Склад матрицы', quantity: 1000 } });
    shipped = (await ok('POST', '/api/orders/', { json: { items: [{ product, quantity: 200 }], comment: 'matrix', dealer: dealerId } })).id as number;
    await moveOrder(shipped, 'confirmed');
    const parcel = await newShipping(shipped);
    const parcelItem = (await send('GET', `/api/shippings/${parcel}/`, 'admin')).json;
    await ok('PUT', `/api/shippings/${parcel}/`, { form: { order: String(shipped), status: 'in_transit', carrier: parcelItem.carrier } });
    expect((await send('GET', `/api/orders/${shipped}/`, 'admin')).json.status).toBe('shipped');
  });
  afterAll(async () => { await t?.close(); });

  type Expectation = 'allowed' | 'refused' | 'unspecified';
  /** What the design says of one cell, for a row of the first dealer. */
  function expectation(area: AreaName, role: Role, action: Action): Expectation {
    const row = DESIGN[area];
    if (row.visitor?.[action]) return 'allowed';
    if (role === 'visitor') return 'refused';
    const grants = role === 'dealer' || role === 'otherDealer' ? row.dealer : row[role];
    if (grants === 'unspecified') return 'unspecified';
    const scope = grants[action];
    if (!scope) return 'refused';
    if (scope === 'all') return 'allowed';
    // "own": the rows here are the first dealer's (for users: the dealer's own user).
    if (role === 'dealer') return 'allowed';
    if (role === 'otherDealer' && action === 'list') return 'allowed';
    if (role === 'otherDealer' && action === 'create') return specs[area].createNamesSeenDealer ? 'refused' : 'allowed';
    return 'refused';
  }

  const snapshot = async (url: string) => (await send('GET', url, 'admin')).body;

  test.each(Object.keys(DESIGN) as AreaName[])('%s: every role × every action', async (area) => {
    const spec = specs[area];
    const seen = await spec.seen();
    const failures: string[] = [];
    const check = (label: string, expected: Expectation, status: number, json: any) => {
      const refusedStatus = label.startsWith('visitor') ? 401 : 404;
      if (expected === 'allowed' && !(status >= 200 && status < 300)) failures.push(`${label}: expected 2xx, got ${status} ${JSON.stringify(json)}`);
      if (expected === 'refused' && status !== refusedStatus) failures.push(`${label}: expected ${refusedStatus}, got ${status} ${JSON.stringify(json)}`);
      if (expected === 'refused' && (typeof json?.message !== 'string' || typeof json?.code !== 'string')) failures.push(`${label}: refusal without message and code`);
      if (expected === 'unspecified' && (status >= 500 || status === 401 || status === 403)) failures.push(`${label}: got ${status}`);
    };

    for (const role of ROLES) {
      for (const action of spec.actions) {
        const expected = expectation(area, role, action);
        const label = `${role} ${action} ${area}`;
        if (action === 'list') {
          const { status, ids, json } = await listIds(spec.path, role);
          check(label, expected, status, json);
          if (status === 200 && expected === 'allowed') {
            const scope = (role === 'dealer' || role === 'otherDealer' ? DESIGN[area].dealer : DESIGN[area][role as 'manager' | 'admin']) as Grants;
            const shouldContain = scope.list === 'all' || role === 'dealer';
            if (ids.includes(seen) !== shouldContain) failures.push(`${label}: row ${seen} ${shouldContain ? 'missing from' : 'present in'} the list`);
          }
        } else if (action === 'read') {
          const answer = await send('GET', `${spec.path}${seen}/`, role);
          check(label, expected, answer.status, answer.json);
          if (answer.status === 200 && answer.json?.id !== seen) failures.push(`${label}: read another row ${answer.json?.id}`);
        } else if (action === 'create') {
          const body = await spec.create!(role);
          const before = (await listIds(spec.path, 'admin')).ids.length;
          const answer = await send('POST', spec.createPath ?? spec.path, role, body);
          check(label, expected, answer.status, answer.json);
          const after = (await listIds(spec.path, 'admin')).ids.length;
          if (answer.status === 201 && after !== before + 1) failures.push(`${label}: 201 but ${after - before} rows added`);
          if (answer.status !== 201 && after !== before) failures.push(`${label}: refused but ${after - before} rows added`);
          if (answer.status === 201 && (role === 'dealer' || role === 'otherDealer') && (area === 'orders' || area === 'attachments') && answer.json.dealer !== (role === 'dealer' ? dealerId : otherDealerId)) {
            failures.push(`${label}: created for dealer ${answer.json.dealer}`);
          }
        } else {
          // An allowed write gets a row of its own; a refused update aims at the row the dealer
          // sees, a refused delete at a new row like it (so that a wrong 204 spoils no other cell),
          // except for the dealer's own dealer and group, which are in use and cannot go anyway.
          const target = expected !== 'refused' || (action === 'delete' && area !== 'dealers' && area !== 'dealergroups') ? await spec.fresh!() : seen;
          const url = `${spec.path}${target}/`;
          const before = await snapshot(url);
          const answer = action === 'update'
            ? await send('PUT', url, role, spec.update!(JSON.parse(before)))
            : await send('DELETE', url, role);
          check(label, expected, answer.status, answer.json);
          const after = await send('GET', url, 'admin');
          if (answer.status >= 400 && after.body !== before) failures.push(`${label}: refused but the row changed`);
          if (action === 'delete' && answer.status === 204 && after.status !== 404) failures.push(`${label}: 204 but the row is still there`);
          if (action === 'update' && answer.status === 200 && after.body === before) failures.push(`${label}: 200 but nothing changed`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test("a dealer's own order and claim: written only while new, and their statuses are the staff's", async () => {
    const failures: string[] = [];
    const attempt = async (label: string, method: 'PUT' | 'DELETE', url: string, body: Body | undefined, expected: number | 'refused') => {
      const before = await snapshot(url);
      const answer = await send(method, url, 'dealer', body);
      const refused = answer.status >= 400 && answer.status < 500 && typeof answer.json?.message === 'string';
      if (expected === 'refused' ? !refused : answer.status !== expected) failures.push(`${label}: ${answer.status} ${answer.body.slice(0, 200)}`);
      if (answer.status >= 400 && (await snapshot(url)) !== before) failures.push(`${label}: refused but the row changed`);
    };
    // While new: its status is not the dealer's to change.
    const order = await newOrder();
    const orderItem = JSON.parse(await snapshot(`/api/orders/${order}/`));
    for (const status of ['confirmed', 'cancelled']) await attempt(`order → ${status}`, 'PUT', `/api/orders/${order}/`, { form: { items: JSON.stringify(orderItem.items), status } }, 'refused');
    const claim = (await ok('POST', '/api/claims/', await specs.claims.create!('admin'))).id;
    const claimItem = JSON.parse(await snapshot(`/api/claims/${claim}/`));
    await attempt('claim → in_review', 'PUT', `/api/claims/${claim}/`, { json: { ...claimItem, status: 'in_review' } }, 'refused');
    await attempt('claim resolution', 'PUT', `/api/claims/${claim}/`, { json: { ...claimItem, resolution: 'принято' } }, 'refused');
    // Once staff moved them on: 409 for the dealer (design §4 "while new"), the permission passed.
    await moveOrder(order, 'confirmed');
    const confirmedItem = JSON.parse(await snapshot(`/api/orders/${order}/`));
    await attempt('confirmed order update', 'PUT', `/api/orders/${order}/`, { form: { items: JSON.stringify(confirmedItem.items), comment: 'поздно', status: 'confirmed' } }, 409);
    await attempt('confirmed order delete', 'DELETE', `/api/orders/${order}/`, undefined, 409);
    await ok('PUT', `/api/claims/${claim}/`, { json: { ...claimItem, status: 'in_review' } });
    await attempt('claim in review update', 'PUT', `/api/claims/${claim}/`, { json: { ...claimItem, status: 'in_review', description: 'поздно' } }, 409);
    expect(failures).toEqual([]);
  });

  test('attachments for all dealers: every dealer lists and downloads them', async () => {
    const common = await ok('POST', '/api/attachments/', { form: { description: 'для всех' }, files: { file: pdf('common') } });
    expect(common.dealer).toBeNull();
    for (const role of ['dealer', 'otherDealer'] as const) {
      expect([role, (await listIds('/api/attachments/', role)).ids.includes(common.id)]).toEqual([role, true]);
      const download = await send('GET', `/api/attachments/${common.id}/download/`, role);
      expect([role, download.status, download.body.startsWith('%PDF-')]).toEqual([role, 200, true]);
    }
    expect((await send('GET', `/api/attachments/${common.id}/download/`, 'visitor')).status).toBe(401);
  });

  test('users: each signed-in user reads itself; only the admin reads others and the list', async () => {
    const ids = Object.fromEntries(await Promise.all((['dealer', 'otherDealer', 'manager', 'admin'] as const).map(async (role) =>
      [role, (await send('GET', '/api/users/me/', role)).json.id as number])));
    expect((await send('GET', '/api/users/me/', 'visitor')).status).toBe(401);
    for (const role of ['dealer', 'otherDealer', 'manager', 'admin'] as const) {
      expect([role, (await send('GET', `/api/users/${ids[role]}/`, role)).status]).toEqual([role, 200]);
      for (const other of ['dealer', 'otherDealer', 'manager', 'admin'] as const) {
        if (other === role) continue;
        expect([role, other, (await send('GET', `/api/users/${ids[other]}/`, role)).status]).toEqual([role, other, role === 'admin' ? 200 : 404]);
      }
    }
  });

  test('the contract and health: the contract for everyone signed in, health for everyone', async () => {
    for (const role of ROLES) {
      const expected = role === 'visitor' ? 401 : 200;
      expect([role, (await send('GET', '/api/contract/', role)).status]).toEqual([role, expected]);
      expect([role, (await send('POST', '/api/contract/sign/', role)).status]).toEqual([role, expected]);
      expect([role, (await send('GET', '/api/health/', role)).status]).toEqual([role, 200]);
    }
  });

  test('saved views (issue 18 item 8): every signed-in role keeps its own, before the contract too; nobody reads or deletes another\'s', async () => {
    const signedIn = ['dealer', 'otherDealer', 'manager', 'admin'] as const;
    const ids = Object.fromEntries(await Promise.all(signedIn.map(async (role) => {
      const answer = await send('POST', '/api/views/?list=orders', role, { json: { name: `Матрица ${role}`, query: 'status=new' } });
      expect([role, answer.status]).toEqual([role, 201]);
      return [role, answer.json.id as number];
    })));
    for (const role of signedIn) {
      expect([role, (await send('GET', '/api/views/?list=orders', role)).json.map((v: { name: string }) => v.name)]).toEqual([role, [`Матрица ${role}`]]);
      for (const other of signedIn) if (other !== role) expect([role, other, (await send('DELETE', `/api/views/${ids[other]}/`, role)).status]).toEqual([role, other, 404]);
    }
    expect((await call(t.app, 'GET', '/api/views/?list=orders', { token: unsignedDealer2 })).status).toBe(200);
    expect((await send('GET', '/api/views/?list=orders', 'visitor')).status).toBe(401);
    expect((await send('POST', '/api/views/?list=orders', 'visitor', { json: { name: 'x', query: '' } })).status).toBe(401);
    for (const role of signedIn) expect([role, (await send('DELETE', `/api/views/${ids[role]}/`, role)).status]).toEqual([role, 204]);
  });

  test('open to visitors: sign-in, refresh, sign-out, restore and registration; nothing else', async () => {
    const signIn = await call(t.app, 'POST', '/api/token/', { body: { email: EMAIL.dealer, password: 'demo-password' } });
    expect(signIn.status).toBe(200);
    const refreshed = await call(t.app, 'POST', '/api/token/refresh/', { body: { refresh: signIn.json.refresh } });
    expect(refreshed.status).toBe(200);
    // Signing out needs the refresh token alone (the access token may have expired).
    expect((await call(t.app, 'POST', '/api/token/logout/', { body: { refresh: refreshed.json.refresh } })).status).toBe(204);
    expect((await call(t.app, 'POST', '/api/restore/', { body: { email: 'nobody@example.test' } })).status).toBe(200);
    // A made-up link: refused for what it is (400), not for want of a token.
    const restore = await call(t.app, 'POST', '/api/restore/not-a-real-token/', { body: { password: 'new-password-1' } });
    expect(restore.status).toBe(400);
    expect((await call(t.app, 'POST', '/api/regreq/', { body: (await specs.regreq.create!('visitor') as { json: unknown }).json })).status).toBe(201);
    // A broken or foreign token is no better than none.
    for (const authorization of ['Bearer nonsense', `Bearer ${token.admin}x`, 'Basic YWRtaW46YWRtaW4=', token.admin!]) {
      const answer = await call(t.app, 'GET', '/api/orders/', { headers: { authorization } });
      expect([authorization.slice(0, 12), answer.status, typeof answer.json?.message]).toEqual([authorization.slice(0, 12), 401, 'string']);
    }
  });

  test('a dealer who has not signed the contract reads its orders, shipments, claims, cancellations and documents; anything else is 403 contract_required', async () => {
    for (const [method, url] of [['POST', '/api/orders/'], ['POST', '/api/claims/'], ['POST', '/api/attachments/'], ['GET', '/api/dp/'], ['GET', `/api/dealers/${otherDealerId}/`]] as const) {
      const answer = await call(t.app, method, url, { token: unsignedDealer2, ...(method === 'POST' ? { body: { items: [{ product, quantity }] } } : {}) });
      expect([url, answer.status, answer.json?.code, typeof answer.json?.message]).toEqual([url, 403, 'contract_required', 'string']);
    }
    for (const url of ['/api/users/me/', '/api/contract/', '/api/news/', '/api/orders/', '/api/shippings/', '/api/claims/', '/api/orderdelreq/', '/api/attachments/']) {
      expect([url, (await call(t.app, 'GET', url, { token: unsignedDealer2 })).status]).toEqual([url, 200]);
    }
  });

  test("the other dealer sees none of the first dealer's rows: 404 on read, update, delete and download, absent from lists", async () => {
    const doc = (name: string) => ({ document: pdf(name) });
    const asDealer = async (method: 'POST' | 'PUT', url: string, body: Body) => ok(method, url, body, 'dealer');
    // The first dealer's own rows, each with a file where the area keeps one.
    const order = await asDealer('POST', '/api/orders/', { form: { items: JSON.stringify([{ product, quantity }]), comment: 'своё' }, files: doc('order') });
    const request = await asDealer('POST', '/api/orderdelreq/', { form: { order: String(order.id), reason: 'передумали' }, files: doc('request') });
    const claim = await asDealer('POST', '/api/claims/', { json: { order: shipped, product, quantity: 1, description: 'Бой' } });
    const attachment = await asDealer('POST', '/api/attachments/', { form: { description: 'своё' }, files: { file: pdf('attachment') } });
    expect(attachment.dealer).toBe(dealerId);
    // And the staff's for it: the shipping of its order, with the waybill.
    const shipping = await ok('POST', '/api/shipping/create/', { form: { order: String(confirmed), carrier: 'Деловые линии' }, files: doc('waybill') });
    const rows: Array<{ path: string; item: any; download: boolean; update: (item: any) => Body }> = [
      { path: '/api/orders/', item: order, download: true, update: specs.orders.update! },
      { path: '/api/orderdelreq/', item: request, download: true, update: specs.orderdelreq.update! },
      { path: '/api/claims/', item: claim, download: false, update: specs.claims.update! },
      { path: '/api/attachments/', item: attachment, download: true, update: specs.attachments.update! },
      { path: '/api/shippings/', item: shipping, download: true, update: specs.shippings.update! },
    ];
    const failures: string[] = [];
    for (const { path, item, download, update } of rows) {
      const url = `${path}${item.id}/`;
      const before = await snapshot(url);
      if (download) {
        const own = await send('GET', `${url}download/`, 'dealer');
        if (own.status !== 200 || !own.body.startsWith('%PDF-')) failures.push(`dealer download ${url}: ${own.status}`);
      }
      const attempts = [
        ['read', await send('GET', url, 'otherDealer')],
        ['update', await send('PUT', url, 'otherDealer', update(JSON.parse(before)))],
        ['update (JSON)', await send('PUT', url, 'otherDealer', { json: JSON.parse(before) })],
        ['delete', await send('DELETE', url, 'otherDealer')],
        ...(download ? [['download', await send('GET', `${url}download/`, 'otherDealer')]] as const : []),
      ] as const;
      for (const [what, answer] of attempts) {
        if (answer.status !== 404 || answer.json?.code !== 'not_found') failures.push(`other dealer ${what} ${url}: ${answer.status} ${answer.body.slice(0, 200)}`);
      }
      if ((await snapshot(url)) !== before) failures.push(`${url} changed`);
      // Not in any list, whatever the filters ask for.
      for (const query of ['', `?dealer=${dealerId}`, `?search=${encodeURIComponent(item.number ?? item.order_number ?? item.description ?? '')}`, `?order=${item.order ?? item.id}`]) {
        const { status, ids } = await listIds(`${path}${query}`, 'otherDealer');
        if (status === 200 && ids.includes(item.id)) failures.push(`${path}${query} lists ${item.id} to the other dealer`);
        if (status !== 200 && status !== 400) failures.push(`${path}${query}: ${status}`);
      }
      const mine = await listIds(path, 'dealer');
      if (!mine.ids.includes(item.id)) failures.push(`${path} does not list ${item.id} to its dealer`);
    }
    // Nor can the other dealer hang its own rows off the first dealer's order, or order for it.
    for (const [url, body] of [
      ['/api/orderdelreq/', { order: order.id, reason: 'чужой' }],
      ['/api/claims/', { order: shipped, product, quantity: 1, description: 'чужой' }],
      ['/api/orders/', { items: [{ product, quantity }], dealer: dealerId }],
    ] as const) {
      const answer = await send('POST', url, 'otherDealer', { json: body });
      if (answer.status !== 404) failures.push(`other dealer POST ${url} for the first dealer: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    // The other dealer's own upload is its own dealer's, whatever it asks for.
    const foreign = await send('POST', '/api/attachments/', 'otherDealer', { form: { dealer: String(dealerId) }, files: { file: pdf('mine') } });
    if (foreign.status === 201 && foreign.json.dealer !== otherDealerId) failures.push(`other dealer uploaded for dealer ${foreign.json.dealer}`);
    if (foreign.status === 201 && (await send('GET', `/api/attachments/${foreign.json.id}/`, 'dealer')).status !== 404) failures.push('the first dealer sees the other dealer\'s upload');
    expect(failures).toEqual([]);
  });
});
