import { call, client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from '../test/test-app';

// What the catalogue, calculator and quick-order screens ask of /api/dp/ and the stock (issue 7):
// search by SKU or name, a category, «в наличии», ordering by name and price, exact SKUs, the
// categories, and the stock per warehouse of a product.
describe.each(testDatabases())('the catalogue\'s lists on %s', (kind) => {
  let t: TestApp;
  let dealer: Client;
  let manager: Client;
  type DealerProduct = { id: number; sku: string; name: string; category: string; price: string; dealer_price: string; available: number; is_active: boolean };
  let all: DealerProduct[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    dealer = client(t.app, (await tokensFor(t.app, 'dealer@demo.test')).access);
    manager = client(t.app, (await tokensFor(t.app, 'manager@demo.test')).access);
    all = (await dealer.get('/api/dp/?page_size=500')).json.results;
  }, 30_000);
  afterAll(async () => { await t?.close(); });

  const results = async (query: string) => {
    const answer = await dealer.get(`/api/dp/?page_size=500&${query}`);
    expect([query, answer.status]).toEqual([query, 200]);
    return answer.json.results as DealerProduct[];
  };

  test('search finds a SKU or a name fragment, case-insensitively; a category narrows; only active products', async () => {
    expect(all.length).toBe(195);
    expect(all.every((p) => p.is_active)).toBe(true);
    const sample = all[17];
    expect((await results(`search=${encodeURIComponent(sample.sku.toLowerCase())}`)).map((p) => p.id)).toContain(sample.id);
    const word = sample.name.split(' ')[0];
    const byName = await results(`search=${encodeURIComponent(word.toUpperCase())}`);
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((p) => p.name.toLowerCase().includes(word.toLowerCase()) || p.sku.includes(word))).toBe(true);
    const category = await results(`category=${encodeURIComponent(sample.category)}`);
    expect(category.length).toBeGreaterThan(0);
    expect(category.every((p) => p.category === sample.category)).toBe(true);
  });

  test('«в наличии»: in_stock=true keeps what has something available, false what has nothing', async () => {
    const product = all[3];
    // Reserve everything of one product (as confirmed orders would), so that it is out of stock.
    await t.app.db.updateTable('store_items').set((eb) => ({ reserved: eb.ref('quantity') })).where('product_id', '=', product.id).execute();
    const inStock = await results('in_stock=true');
    const outOfStock = await results('in_stock=false');
    expect(inStock.every((p) => p.available > 0)).toBe(true);
    expect(outOfStock.every((p) => p.available === 0)).toBe(true);
    expect(outOfStock.map((p) => p.id)).toContain(product.id);
    expect(inStock.length + outOfStock.length).toBe(all.length);
    expect((await dealer.get('/api/dp/?in_stock=maybe')).status).toBe(400);
  });

  test('ordering by name and by price, both ways', async () => {
    const names = (await results('ordering=name')).map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byPrice = (await results('ordering=-price')).map((p) => Number(p.price));
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
    const cheapest = (await results('ordering=price'))[0];
    expect(Number(cheapest.price)).toBe(Math.min(...all.map((p) => Number(p.price))));
  });

  test('quick order: sku= finds exactly one SKU; sku__in= several at once, unknown and inactive ones simply absent', async () => {
    const [a, b] = [all[0], all[50]];
    expect((await results(`sku=${encodeURIComponent(a.sku)}`)).map((p) => p.id)).toEqual([a.id]);
    // Exact: a prefix or another case is not the SKU.
    expect(await results(`sku=${encodeURIComponent(a.sku.slice(0, -1))}`)).toEqual([]);
    const inactive = await t.app.db.selectFrom('products').select('sku').where('is_active', '=', false).executeTakeFirstOrThrow();
    const found = await results(`sku__in=${encodeURIComponent(`${a.sku}, ${b.sku},NO-SUCH-SKU,${inactive.sku}`)}&ordering=sku`);
    expect(found.map((p) => p.sku)).toEqual([a.sku, b.sku].sort());
    const tooMany = Array.from({ length: 501 }, (_, i) => `X-${i}`).join(',');
    expect((await dealer.get(`/api/dp/?sku__in=${tooMany}`)).status).toBe(400);
  });

  test('the categories: a dealer\'s (active products) at /api/dp/categories/, staff\'s at /api/products/categories/', async () => {
    const mine = await dealer.get('/api/dp/categories/');
    expect(mine.status).toBe(200);
    expect(mine.json).toHaveLength(8);
    expect(mine.json.map((c: { name: string }) => c.name)).toEqual([...new Set(all.map((p) => p.category))].sort((a, b) => (a < b ? -1 : 1)));
    expect(mine.json.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(all.length);
    const staff = await manager.get('/api/products/categories/');
    expect(staff.json).toHaveLength(8);
    expect(staff.json.every((c: { count: number }) => c.count === 25)).toBe(true);
    expect((await dealer.get('/api/products/categories/')).status).toBe(404);
    expect((await manager.get('/api/dp/categories/')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/dp/categories/')).status).toBe(401);
  });

  test('a dealer reads the stock of a product per warehouse; the product\'s available is their sum', async () => {
    const product = all[10];
    const stock = await dealer.get(`/api/storeitems/?product=${product.id}&ordering=warehouse`);
    expect(stock.status).toBe(200);
    const items = stock.json.results as Array<{ id: number; product: number; warehouse: string; quantity?: number; reserved?: number; available: number }>;
    expect(items.map((s) => s.warehouse)).toHaveLength(2);
    // What is on hand and what orders reserved are staff's: a dealer would read other dealers' confirmed orders in them (issue 30 item 7).
    expect(items.map((s) => [s.product, 'quantity' in s, 'reserved' in s])).toEqual([[product.id, false, false], [product.id, false, false]]);
    expect(Object.keys((await dealer.get(`/api/storeitems/${items[0].id}/`)).json).sort()).toEqual(['available', 'id', 'product', 'product_name', 'product_sku', 'product_unit', 'updated_at', 'warehouse']);
    const exported = await dealer.get(`/api/storeitems/?product=${product.id}&ordering=warehouse&format=csv&fields=warehouse,quantity,reserved,available`);
    expect(exported.body.split('\r\n').slice(1, 3).map((line) => line.split(';').slice(1, 3))).toEqual([['', ''], ['', '']]);
    const staffView = (await manager.get(`/api/storeitems/?product=${product.id}&ordering=warehouse`)).json.results as Array<{ quantity: number; reserved: number; available: number }>;
    expect(staffView.map((s) => s.available)).toEqual(items.map((s) => s.available));
    expect(staffView.every((s) => s.available === Math.max(0, s.quantity - s.reserved))).toBe(true);
    // The same list asked by staff first and by a dealer then: the dealer's answer is its own, not the staff's kept one.
    expect(((await dealer.get(`/api/storeitems/?product=${product.id}&ordering=warehouse`)).json.results as object[]).every((s) => !('reserved' in s))).toBe(true);
    expect((await dealer.get(`/api/dp/${product.id}/`)).json.available).toBe(items.reduce((sum, s) => sum + s.available, 0));
    // The stock is staff's to write.
    expect((await dealer.put(`/api/storeitems/${stock.json.results[0].id}/`, stock.json.results[0])).status).toBe(404);
  });
});
