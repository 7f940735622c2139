import { createHash } from 'node:crypto';
import { basisPointsOf, centsOf, discounted } from '../lib/money';
import { createTestApp, DEMO_PASSWORD, testDatabases, type TestApp } from '../test/test-app';
import { DEMO_ACCOUNTS, demoPdf, demoProducts, loadDemoData, orderNumber } from './demo-data';
import { isValidTaxId } from '../../../shared/src/tax-id';
import { demoDealers, demoRegistrationRequests, demoVariables } from './demo-content';

describe.each(testDatabases())('demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  const db = () => t.app.db;
  const count = async (table: 'users' | 'dealer_groups' | 'dealers' | 'newsletters' | 'variables' | 'products' | 'store_items' | 'orders' | 'order_items'
    | 'order_deletion_requests' | 'shippings' | 'claims' | 'attachments' | 'stored_files') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => Object.fromEntries(await Promise.all(([
    'users', 'dealer_groups', 'dealers', 'newsletters', 'variables', 'products', 'store_items', 'orders', 'order_items',
    'order_deletion_requests', 'shippings', 'claims', 'attachments', 'stored_files',
  ] as const).map(async (table) => [table, await count(table)])));
  const dealerOf = async (email: string) =>
    (await db().selectFrom('users').select('dealer_id').where('email', '=', email).executeTakeFirstOrThrow()).dealer_id!;

  test('the counts of design §7: 4 accounts, 3 groups, 6 dealers, 200 products in 8 categories, 2 warehouses', async () => {
    const seen = await counts();
    expect(seen).toMatchObject({ users: 4, dealer_groups: 3, dealers: 6, newsletters: 8, variables: 3, products: 200, store_items: 400 });
    const categories = await db().selectFrom('products').select('category').distinct().execute();
    expect(categories).toHaveLength(8);
    const warehouses = await db().selectFrom('store_items').select('warehouse').distinct().execute();
    expect(warehouses).toHaveLength(2);
    const perCategory = await db().selectFrom('products').select(['category', (eb) => eb.fn.countAll().as('n')]).groupBy('category').execute();
    expect(perCategory.every((row) => Number(row.n) === 25)).toBe(true);
    expect(seen.orders).toBeGreaterThanOrEqual(20);
    expect(seen.claims).toBeGreaterThanOrEqual(5);
    expect(seen.attachments).toBeGreaterThanOrEqual(3);
  });

  test('the known variables, with a minimum order total that a small order passes', async () => {
    const variables = await db().selectFrom('variables').select(['key', 'value']).orderBy('key').execute();
    expect(variables.map((v) => v.key)).toEqual(['contract_text', 'min_order_total', 'support_email']);
    expect(variables.find((v) => v.key === 'min_order_total')!.value).toBe('1000.00');
    expect(demoVariables.find((v) => v.key === 'support_email')!.value).toMatch(/@/);
  });

  test('products: unique SKUs, Russian names, prices as money, stock never below what is reserved', async () => {
    const products = await db().selectFrom('products').selectAll().execute();
    expect(new Set(products.map((p) => p.sku)).size).toBe(200);
    expect(products.every((p) => /^[A-Z]{2}-[A-Z]{3}-\d{2}$/.test(p.sku) && /[А-Яа-яЁё]/.test(p.name))).toBe(true);
    expect(products.every((p) => centsOf(p.price_cents) > 0n)).toBe(true);
    expect(products.some((p) => !p.is_active)).toBe(true);
    const stock = await db().selectFrom('store_items').selectAll().execute();
    expect(stock.every((s) => s.quantity >= 0 && s.reserved >= 0 && s.reserved <= s.quantity)).toBe(true);
    // The same catalogue on every load.
    expect(demoProducts().map((p) => [p.sku, p.price_cents])).toEqual(demoProducts().map((p) => [p.sku, p.price_cents]));
  });

  test('orders in every status, for both demo dealers too; unique numbers of year and id', async () => {
    const orders = await db().selectFrom('orders').selectAll().execute();
    const statuses = ['new', 'confirmed', 'shipped', 'completed', 'cancelled'];
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(statuses));
    for (const email of ['dealer@demo.test', 'dealer2@demo.test']) {
      const dealer = await dealerOf(email);
      expect(new Set(orders.filter((o) => o.dealer_id === dealer).map((o) => o.status))).toEqual(new Set(statuses));
    }
    expect(new Set(orders.map((o) => o.dealer_id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(orders.map((o) => o.number)).size).toBe(orders.length);
    for (const order of orders) {
      const created = new Date(order.created_at).toISOString();
      expect(order.number).toMatch(/^\d{4}-\d{6}$/);
      expect(order.number).toBe(orderNumber(order.id, created));
    }
  });

  test('each order total is the sum of its item amounts; an item is priced at the product price less the group discount', async () => {
    const items = await db().selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .innerJoin('dealers', 'dealers.id', 'orders.dealer_id')
      .innerJoin('dealer_groups', 'dealer_groups.id', 'dealers.group_id')
      .select(['order_items.order_id', 'order_items.quantity', 'order_items.price_cents', 'order_items.amount_cents',
        'products.price_cents as list_price', 'dealer_groups.discount_percent'])
      .execute();
    const sums = new Map<number, bigint>();
    for (const item of items) {
      expect(centsOf(item.price_cents)).toBe(discounted(centsOf(item.list_price), basisPointsOf(item.discount_percent)));
      expect(centsOf(item.amount_cents)).toBe(centsOf(item.price_cents) * BigInt(item.quantity));
      sums.set(item.order_id, (sums.get(item.order_id) ?? 0n) + centsOf(item.amount_cents));
    }
    const orders = await db().selectFrom('orders').select(['id', 'total_cents']).execute();
    for (const order of orders) expect(centsOf(order.total_cents)).toBe(sums.get(order.id));
    // Some discount really applies: not every item sells at the list price.
    expect(items.some((i) => centsOf(i.price_cents) < centsOf(i.list_price))).toBe(true);
  });

  test('shipping for every shipped and completed order, in the status that fits it', async () => {
    const rows = await db().selectFrom('orders').leftJoin('shippings', 'shippings.order_id', 'orders.id')
      .select(['orders.status as order_status', 'shippings.id as shipping', 'shippings.status', 'shippings.shipped_at', 'shippings.tracking_number', 'shippings.document_id'])
      .execute();
    for (const row of rows) {
      if (row.order_status === 'completed') expect(row.status).toBe('delivered');
      else if (row.order_status === 'shipped') expect(['preparing', 'in_transit']).toContain(row.status);
      else expect(row.shipping).toBeNull();
      if (row.status === 'preparing') expect(row.shipped_at).toBeNull();
      if (row.status === 'in_transit' || row.status === 'delivered') expect(row.tracking_number).not.toBe('');
    }
    expect(new Set(rows.map((r) => r.status).filter(Boolean))).toEqual(new Set(['preparing', 'in_transit', 'delivered']));
    expect(rows.some((r) => r.document_id !== null)).toBe(true);
  });

  test('deletion requests pending and decided; claims in several statuses about products of their order', async () => {
    const requests = await db().selectFrom('order_deletion_requests').innerJoin('orders', 'orders.id', 'order_deletion_requests.order_id')
      .select(['order_deletion_requests.status', 'order_deletion_requests.decided_at', 'orders.status as order_status']).execute();
    expect(requests.map((r) => r.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    for (const request of requests) {
      expect(request.decided_at === null).toBe(request.status === 'pending');
      // Approval cancels the order.
      if (request.status === 'approved') expect(request.order_status).toBe('cancelled');
      if (request.status === 'pending') expect(request.order_status).not.toBe('cancelled');
    }
    const claims = await db().selectFrom('claims')
      .innerJoin('order_items', (join) => join.onRef('order_items.order_id', '=', 'claims.order_id').onRef('order_items.product_id', '=', 'claims.product_id'))
      .select(['claims.status', 'claims.quantity', 'order_items.quantity as ordered']).execute();
    expect(claims).toHaveLength(await count('claims'));
    expect(new Set(claims.map((c) => c.status)).size).toBeGreaterThanOrEqual(4);
    expect(claims.every((c) => c.quantity <= c.ordered)).toBe(true);
    const dealer = await dealerOf('dealer@demo.test');
    const dealer2 = await dealerOf('dealer2@demo.test');
    const claimDealers = await db().selectFrom('claims').innerJoin('orders', 'orders.id', 'claims.order_id').select('orders.dealer_id').execute();
    expect(claimDealers.map((c) => c.dealer_id)).toEqual(expect.arrayContaining([dealer, dealer2]));
  });

  test('attachments: files stored in the database, for every dealer and for one dealer only', async () => {
    const rows = await db().selectFrom('attachments').innerJoin('stored_files', 'stored_files.id', 'attachments.file_id')
      .select(['attachments.name', 'attachments.dealer_id', 'stored_files.content_type', 'stored_files.size', 'stored_files.sha256', 'stored_files.data'])
      .execute();
    const dealer = await dealerOf('dealer@demo.test');
    expect(rows.filter((r) => r.dealer_id === null).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.dealer_id !== null).map((r) => r.dealer_id)).toEqual([dealer]);
    expect(rows.map((r) => r.content_type)).toEqual(expect.arrayContaining(['application/pdf', 'text/csv', 'text/plain']));
    for (const row of rows) {
      const data = Buffer.from(row.data);
      expect(data.length).toBe(row.size);
      expect(createHash('sha256').update(data).digest('hex')).toBe(row.sha256);
      if (row.content_type === 'application/pdf') {
        expect(data.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
        expect(data.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      }
    }
    const csv = Buffer.from(rows.find((r) => r.content_type === 'text/csv')!.data).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('\ufeffАртикул;Наименование;Категория;Ед.;Цена, ₽');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1 + demoProducts().filter((p) => p.is_active).length);
  });

  test('a second load changes nothing', async () => {
    const before = await counts();
    expect(await loadDemoData(db(), { password: DEMO_PASSWORD, scryptLog2N: 10 })).toBe(false);
    expect(await counts()).toEqual(before);
    expect((await db().selectFrom('users').select('email').orderBy('id').execute()).map((u) => u.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
  });
});

test('the generated PDF has a cross-reference table that points at its objects', () => {
  const pdf = demoPdf(['Hello (world)']).toString('latin1');
  const start = Number(/startxref\n(\d+)/.exec(pdf)![1]);
  expect(pdf.slice(start, start + 4)).toBe('xref');
  const offsets = [...pdf.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(offsets).toHaveLength(5);
  offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  expect(pdf).toContain('(Hello \\(world\\)) \'');
});

test('every demo INN has valid check digits, and the demo has registration requests waiting, one from a known dealer\'s INN', () => {
  for (const { tax_id } of [...demoDealers, ...demoRegistrationRequests]) expect([tax_id, isValidTaxId(tax_id)]).toEqual([tax_id, true]);
  const waiting = demoRegistrationRequests.filter((request) => request.status === 'new');
  expect(waiting.length).toBeGreaterThan(0);
  expect(waiting.some((request) => demoDealers.some((dealer) => dealer.tax_id === request.tax_id))).toBe(true);
});
