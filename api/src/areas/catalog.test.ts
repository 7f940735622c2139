import { client, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('dealers, groups, products and stock on %s', (kind) => {
  let t: TestApp;
  const access: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test']) access[email] = (await tokensFor(t.app, email)).access;
  });
  afterAll(async () => { await t?.close(); });

  const as = (email: string) => client(t.app, access[email]);

  test('a manager creates, reads, updates (full item back) and deletes a dealer group', async () => {
    const manager = as('manager@demo.test');
    const created = await manager.post('/api/dealergroups/', { name: 'Платиновые', discount_percent: '20', description: '' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(Number), name: 'Платиновые', discount_percent: '20.00', description: '' });
    const url = `/api/dealergroups/${created.json.id}/`;
    const updated = await manager.put(url, { ...created.json, discount_percent: '22.50' });
    expect(updated.status).toBe(200);
    expect(updated.json.discount_percent).toBe('22.50');
    expect((await manager.get(url)).json).toEqual(updated.json);
    expect((await manager.del(url)).status).toBe(204);
    expect((await manager.get(url)).status).toBe(404);
  });

  test('a dealer sees only its own dealer and group; another one is 404, writes are 404', async () => {
    const dealer = as('dealer@demo.test');
    const dealers = await dealer.get('/api/dealers/');
    expect(dealers.json.count).toBe(1);
    const own = dealers.json.results[0];
    const groups = await dealer.get('/api/dealergroups/');
    expect(groups.json.results.map((g: { id: number }) => g.id)).toEqual([own.group]);
    const others = (await as('manager@demo.test').get('/api/dealers/?page_size=500')).json.results.filter((d: { id: number }) => d.id !== own.id);
    expect((await dealer.get(`/api/dealers/${others[0].id}/`)).status).toBe(404);
    expect((await dealer.put(`/api/dealers/${own.id}/`, own)).status).toBe(404);
    expect((await dealer.post('/api/dealergroups/', { name: 'x', discount_percent: '1' })).status).toBe(404);
  });

  test('products: staff on /api/products/, a dealer on /api/dp/ with its group discount in exact decimals', async () => {
    const admin = as('admin@demo.test');
    const product = await admin.post('/api/products/', { sku: 'TEST-001', name: 'Тестовый товар', category: 'Тест', price: '1000.10' });
    expect(product.status).toBe(201);
    expect(product.json.price).toBe('1000.10');
    expect((await as('dealer@demo.test').get('/api/products/')).status).toBe(404);
    const dp = await as('dealer@demo.test').get('/api/dp/?category=Тест');
    expect(dp.status).toBe(200);
    // dealer@demo.test is in the 5 % group: 1000.10 × 0.95 = 950.095 → 950.10 (half up).
    expect(dp.json.results).toEqual([expect.objectContaining({ sku: 'TEST-001', price: '1000.10', dealer_price: '950.10', discount_percent: '5.00' })]);
    const taken = await admin.post('/api/products/', { sku: 'TEST-001', name: 'Дубль', category: 'Тест', price: '1.00' });
    expect(taken.status).toBe(409);
    // The taken SKU is named on its field, for the product form to show it there.
    expect(Object.keys(taken.json.fields)).toEqual(['sku']);
    // Decimals as DRF takes them: a JSON number is welcome, a third place is not.
    expect((await admin.post('/api/products/', { sku: 'TEST-002', name: 'Number', category: 'Тест', price: 10.5 })).json.price).toBe('10.50');
    expect((await admin.post('/api/products/', { sku: 'TEST-003', name: 'Float', category: 'Тест', price: 10.555 })).status).toBe(400);
  });

  test('stock is created on /api/storeitem/create/ and counted in the product', async () => {
    const manager = as('manager@demo.test');
    const product = (await manager.post('/api/products/', { sku: 'STOCK-1', name: 'Склад', category: 'Тест', price: '5' })).json;
    // `reserved` is the orders' to set: a client's value is ignored.
    const item = await manager.post('/api/storeitem/create/', { product: product.id, warehouse: 'Москва', quantity: 10, reserved: 3 });
    expect(item.status).toBe(201);
    expect(item.json).toEqual(expect.objectContaining({ product: product.id, warehouse: 'Москва', reserved: 0, available: 10 }));
    expect((await manager.get(`/api/products/${product.id}/`)).json.available).toBe(10);
    expect((await manager.post('/api/storeitem/create/', { product: 999999, warehouse: 'Москва', quantity: 1 })).status).toBe(400);
    expect((await as('dealer@demo.test').get(`/api/storeitems/?product=${product.id}`)).json.count).toBe(1);
  });

  test('variables are for the admin only; created on /api/variable/create/', async () => {
    expect((await as('manager@demo.test').get('/api/variables/')).status).toBe(404);
    const created = await as('admin@demo.test').post('/api/variable/create/', { key: 'test_key', value: 'x' });
    expect(created.status).toBe(201);
    expect((await as('admin@demo.test').post('/api/variable/create/', { key: 'test_key', value: 'y' })).status).toBe(409);
    const minimum = (await as('admin@demo.test').get('/api/variables/?search=min_order_total')).json.results[0];
    const refused = await as('admin@demo.test').put(`/api/variables/${minimum.id}/`, { ...minimum, value: '10,5' });
    expect(refused.status).toBe(400);
    expect(refused.json.fields.value).toEqual(['Неверный формат.']);
    expect((await as('admin@demo.test').put(`/api/variables/${minimum.id}/`, { ...minimum, value: '1500.50' })).json.value).toBe('1500.50');
  });
});
