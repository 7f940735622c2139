// Test support for the order areas (not a test): an application with two dealers of our own (each
// in its own group, with a signed contract and a user), products at prices that go wrong in
// floating point, each with plenty of stock in two warehouses, no minimum order total; a signed-in `client` (test-app.ts) for each user.
import { client, createTestApp, tokensFor, type Client, type DatabaseKind, type TestApp } from './test-app';

/** A small PDF whose bytes are not valid UTF-8, so that any text conversion on the way shows. */
export const pdf = (marker: string): Buffer => Buffer.concat([
  Buffer.from('%PDF-1.4\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff, 0x80]), Buffer.from(`\n${marker}\n%%EOF\n`),
]);

export interface OrderWorld {
  t: TestApp;
  admin: Client;
  manager: Client;
  /** Dealer A: group discount 12.5 %. */
  dealerA: Client;
  /** Dealer B: group discount 0 %; must never see A's rows. */
  dealerB: Client;
  dealerIdA: number;
  dealerIdB: number;
  /** Product ids by a short name; prices below. */
  product: Record<'big' | 'tie' | 'float' | 'dime' | 'twenty' | 'ninetynine' | 'hundred' | 'huge' | 'inactive', number>;
  /** Rows in a table, to show that a refused request changed nothing. */
  count: (table: 'orders' | 'order_items' | 'stored_files' | 'order_deletion_requests' | 'shippings' | 'claims') => Promise<number>;
  setMinimum: (value: string | null) => Promise<void>;
  /** A new order (by dealer B unless another client is given) worth 1.00 before discount. */
  smallOrder: (client?: Client, extra?: Record<string, unknown>) => Promise<{ id: number; number: string; [field: string]: unknown }>;
  /** Sends the order back with another status, as `client`. */
  setStatus: (client: Client, order: { id: number }, status: string) => ReturnType<Client['put']>;
  /** The order's status as staff see it. */
  statusOf: (id: number) => Promise<string>;
  close: () => Promise<void>;
}

export const PRICES = {
  big: '1000.10', // × 0.875 = 875.0875 → 875.09
  tie: '0.12', // × 0.875 = 0.105 exactly → 0.11 half up (0.10 with banker's rounding or truncation)
  float: '1.16', // × 0.875 = 1.015 exactly → 1.02 half up (1.01 in floating point: 1.16 × 0.875 × 100 = 101.49999…)
  dime: '0.10', // 0.1 + 0.2
  twenty: '0.20',
  ninetynine: '99.99',
  hundred: '100.00',
  huge: '999999999999.99',
  inactive: '5.00',
};

export async function orderWorld(kind: DatabaseKind): Promise<OrderWorld> {
  const t = await createTestApp(kind);
  const { app } = t;
  const admin = client(app, (await tokensFor(app, 'admin@demo.test')).access);
  const manager = client(app, (await tokensFor(app, 'manager@demo.test')).access);

  const group = async (name: string, discount: string) => (await admin.post('/api/dealergroups/', { name, discount_percent: discount })).json.id as number;
  const groupA = await group('Заказы A', '12.50');
  const groupB = await group('Заказы B', '0');
  const dealer = async (name: string, groupId: number) => (await admin.post('/api/dealers/', { name, group: groupId })).json.id as number;
  const dealerIdA = await dealer('Дилер А', groupA);
  const dealerIdB = await dealer('Дилер Б', groupB);
  const dealerUser = async (email: string, dealerId: number) => {
    const { id } = await app.db.insertInto('users').values({
      email, password_hash: '', first_name: 'Тест', last_name: 'Дилер', role: 'dealer', dealer_id: dealerId, is_active: true,
      contract_signed: true, contract_signed_at: new Date().toISOString(), date_joined: new Date().toISOString(), last_login: null,
    }).returning('id').executeTakeFirstOrThrow();
    return client(app, (await app.tokens.issue({ id, email, role: 'dealer', dealer_id: dealerId, contract_signed: true })).access);
  };
  const dealerA = await dealerUser('orders-a@test.test', dealerIdA);
  const dealerB = await dealerUser('orders-b@test.test', dealerIdB);

  const product: Record<string, number> = {};
  for (const [name, price] of Object.entries(PRICES)) {
    const created = await admin.post('/api/products/', { sku: `ORD-${name.toUpperCase()}`, name: `Товар ${name}`, category: 'Заказы', price, is_active: name !== 'inactive' });
    if (created.status !== 201) throw new Error(`product ${name}: ${created.status} ${created.body}`);
    product[name] = created.json.id;
  }
  // Plenty in stock, so that confirming an order reserves without a second thought (lib/stock.ts has its own tests).
  await app.db.insertInto('store_items').values(Object.values(product).flatMap((id) => ['Склад 1', 'Склад 2'].map((warehouse) => ({
    product_id: id, warehouse, quantity: 100_000, reserved: 0, updated_at: new Date().toISOString(),
  })))).execute();

  const setMinimum = async (value: string | null) => {
    await app.db.deleteFrom('variables').where('key', '=', 'min_order_total').execute();
    if (value !== null) await app.db.insertInto('variables').values({ key: 'min_order_total', value, description: '' }).execute();
  };
  await setMinimum(null);

  const smallOrder: OrderWorld['smallOrder'] = async (by = dealerB, extra = {}) => {
    const created = await by.post('/api/orders/', { items: [{ product: product.dime, quantity: 10 }], ...extra });
    if (created.status !== 201) throw new Error(`small order: ${created.status} ${created.body}`);
    return created.json;
  };
  const setStatus: OrderWorld['setStatus'] = async (by, order, status) => {
    const current = (await manager.get(`/api/orders/${order.id}/`)).json;
    return by.put(`/api/orders/${order.id}/`, { ...current, status });
  };
  const statusOf = async (id: number) => (await manager.get(`/api/orders/${id}/`)).json.status as string;

  return {
    t, admin, manager, dealerA, dealerB, dealerIdA, dealerIdB, product: product as OrderWorld['product'], setMinimum, smallOrder, setStatus, statusOf,
    count: async (table) => Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    close: () => t.close(),
  };
}
