import { testDatabases } from '../test/test-app';
import { orderWorld, pdf, type OrderWorld } from '../test/order-world';
import type { Client } from '../test/test-app';

describe.each(testDatabases())('orders on %s', (kind) => {
  let w: OrderWorld;
  // A new database with the demo data and products of our own: slow on a busy machine.
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  type Line = { product: number; quantity: number };
  const create = (client: Client, items: Line[], extra: Record<string, unknown> = {}) => client.post('/api/orders/', { items, ...extra });

  describe('prices and totals', () => {
    test('the server prices every line after the group discount, half up to the kopeck, in exact decimals', async () => {
      const created = await create(w.dealerA, [
        { product: w.product.big, quantity: 3 },
        { product: w.product.tie, quantity: 5 },
        { product: w.product.dime, quantity: 1 },
        { product: w.product.float, quantity: 1 },
      ], { comment: '  Срочно  ' });
      expect(created.status).toBe(201);
      const order = created.json;
      // 1000.10 × 0.875 = 875.0875 → 875.09; 0.12 × 0.875 = 0.105 → 0.11 (half up); 0.10 × 0.875 = 0.0875 → 0.09;
      // 1.16 × 0.875 = 1.015 → 1.02 (floating point says 1.01).
      expect(order.items).toEqual([
        { id: expect.any(Number), product: w.product.big, sku: 'ORD-BIG', name: 'Товар big', quantity: 3, price: '875.09', amount: '2625.27', available: 200_000 },
        { id: expect.any(Number), product: w.product.tie, sku: 'ORD-TIE', name: 'Товар tie', quantity: 5, price: '0.11', amount: '0.55', available: 200_000 },
        { id: expect.any(Number), product: w.product.dime, sku: 'ORD-DIME', name: 'Товар dime', quantity: 1, price: '0.09', amount: '0.09', available: 200_000 },
        { id: expect.any(Number), product: w.product.float, sku: 'ORD-FLOAT', name: 'Товар float', quantity: 1, price: '1.02', amount: '1.02', available: 200_000 },
      ]);
      expect(order).toEqual(expect.objectContaining({
        dealer: w.dealerIdA, dealer_name: 'Дилер А', status: 'new', total: '2626.93', comment: 'Срочно', document: null,
        created_at: expect.any(String), updated_at: expect.any(String),
      }));
      const year = new Date(order.created_at).getUTCFullYear();
      expect(order.number).toBe(`${year}-${String(order.id).padStart(6, '0')}`);
      expect((await w.dealerA.get(`/api/orders/${order.id}/`)).json).toEqual(order);
      const row = await w.t.app.db.selectFrom('orders').select('total_cents').where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(String(row.total_cents)).toBe('262693');
    });

    test('0.10 + 0.20 is 0.30; the prices a client sends are ignored; big totals stay exact', async () => {
      const sum = await create(w.dealerB, [
        { product: w.product.dime, quantity: 1, price: '0.01', amount: '0.01' } as Line,
        { product: w.product.twenty, quantity: 1 },
      ], { total: '0.02' });
      expect(sum.status).toBe(201);
      expect(sum.json.items.map((l: { price: string }) => l.price)).toEqual(['0.10', '0.20']);
      expect(sum.json.total).toBe('0.30');
      // 0.10 × 3 is 0.30000000000000004 in floats; 0.10 × 1 000 000 is 100000.00.
      expect((await create(w.dealerB, [{ product: w.product.dime, quantity: 3 }])).json.total).toBe('0.30');
      expect((await create(w.dealerB, [{ product: w.product.dime, quantity: 1_000_000 }])).json.total).toBe('100000.00');
      // 999 999 999 999.99 × 1 is the largest amount; beyond it is a 400, not an overflow.
      expect((await create(w.dealerB, [{ product: w.product.huge, quantity: 1 }])).json.total).toBe('999999999999.99');
      const over = await create(w.dealerB, [{ product: w.product.huge, quantity: 2 }]);
      expect(over.status).toBe(400);
      expect(Object.keys(over.json.fields)).toEqual(['items.0.quantity']);
    });

    test('inactive, unknown and repeated products, bad quantities and line counts are 400 on the line; nothing is written', async () => {
      const before = await Promise.all([w.count('orders'), w.count('order_items')]);
      const inactive = await create(w.dealerA, [{ product: w.product.big, quantity: 1 }, { product: w.product.inactive, quantity: 1 }, { product: 999_999, quantity: 1 }]);
      expect(inactive.status).toBe(400);
      expect(inactive.json.code).toBe('product_unavailable');
      expect(Object.keys(inactive.json.fields)).toEqual(['items.1.product', 'items.2.product']);
      const repeated = await create(w.dealerA, [{ product: w.product.big, quantity: 1 }, { product: w.product.big, quantity: 2 }]);
      expect(repeated.status).toBe(400);
      expect(Object.keys(repeated.json.fields)).toEqual(['items.1.product']);
      for (const items of [[], [{ product: w.product.big, quantity: 0 }], [{ product: w.product.big, quantity: 1_000_001 }], [{ product: w.product.big, quantity: 1.5 }], [{ product: w.product.big }]]) {
        expect((await create(w.dealerA, items as Line[])).status).toBe(400);
      }
      const tooMany = Array.from({ length: 201 }, (_, i) => ({ product: i + 1, quantity: 1 }));
      expect((await create(w.dealerA, tooMany)).status).toBe(400);
      expect(await Promise.all([w.count('orders'), w.count('order_items')])).toEqual(before);
    });

    test('min_order_total: below it is 400 naming the minimum; at it, or with no minimum, the order is taken', async () => {
      try {
        await w.setMinimum('100.00');
        const before = await w.count('orders');
        const below = await create(w.dealerB, [{ product: w.product.ninetynine, quantity: 1 }]);
        expect(below.status).toBe(400);
        expect(below.json.code).toBe('min_order_total');
        // Money as Russians write it, the ₽ after it (issue 18 item 3).
        expect(below.json.message).toBe('Сумма заказа меньше минимальной: 100,00 ₽.');
        expect(below.json.fields.total[0]).toContain('100,00 ₽');
        const english = await w.dealerB.en('POST', '/api/orders/', { items: [{ product: w.product.ninetynine, quantity: 1 }] });
        expect(english.json.message).toBe('The order total is below the minimum of 100.00 ₽.');
        expect(await w.count('orders')).toBe(before);
        expect((await create(w.dealerB, [{ product: w.product.hundred, quantity: 1 }])).status).toBe(201);
        // An administrator's "10 000,50" is 10000.50.
        await w.setMinimum('10 000,50');
        expect((await create(w.dealerB, [{ product: w.product.hundred, quantity: 100 }])).json.fields.total[0]).toContain('10\u00a0000,50 ₽');
        expect((await w.dealerB.en('POST', '/api/orders/', { items: [{ product: w.product.hundred, quantity: 100 }] })).json.message)
          .toBe('The order total is below the minimum of 10,000.50 ₽.');
        // An edit that takes the total under the minimum is refused too, and changes nothing.
        await w.setMinimum('100.00');
        const order = (await create(w.dealerB, [{ product: w.product.hundred, quantity: 2 }])).json;
        const shrunk = await w.dealerB.put(`/api/orders/${order.id}/`, { ...order, items: [{ product: w.product.ninetynine, quantity: 1 }] });
        expect(shrunk.status).toBe(400);
        expect(shrunk.json.code).toBe('min_order_total');
        expect((await w.dealerB.get(`/api/orders/${order.id}/`)).json).toEqual(order);
        await w.setMinimum('');
        expect((await create(w.dealerB, [{ product: w.product.dime, quantity: 1 }])).status).toBe(201);
        await w.setMinimum(null);
        expect((await create(w.dealerB, [{ product: w.product.dime, quantity: 1 }])).status).toBe(201);
      } finally {
        await w.setMinimum(null);
      }
    });
  });

  describe('who orders for which dealer', () => {
    test('staff must name the dealer and get that dealer\'s discount', async () => {
      const missing = await create(w.manager, [{ product: w.product.big, quantity: 1 }]);
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.json.fields)).toEqual(['dealer']);
      expect((await create(w.manager, [{ product: w.product.big, quantity: 1 }], { dealer: 999_999 })).status).toBe(400);
      const created = await create(w.manager, [{ product: w.product.big, quantity: 1 }], { dealer: w.dealerIdA });
      expect(created.status).toBe(201);
      expect(created.json).toEqual(expect.objectContaining({ dealer: w.dealerIdA, total: '875.09' }));
      expect((await w.dealerA.get(`/api/orders/${created.json.id}/`)).status).toBe(200);
    });

    test('a dealer orders for itself: its own dealer id is fine, another dealer\'s is 404 and writes nothing', async () => {
      expect((await create(w.dealerA, [{ product: w.product.big, quantity: 1 }], { dealer: w.dealerIdA })).status).toBe(201);
      const before = await w.count('orders');
      expect((await create(w.dealerA, [{ product: w.product.big, quantity: 1 }], { dealer: w.dealerIdB })).status).toBe(404);
      expect(await w.count('orders')).toBe(before);
    });
  });

  describe('editing and deleting', () => {
    test('a dealer edits its new order (the full item back, lines priced again) but never its status', async () => {
      const order = (await create(w.dealerA, [{ product: w.product.big, quantity: 1 }])).json;
      const edited = await w.dealerA.put(`/api/orders/${order.id}/`, {
        ...order, comment: 'Изменён', items: [...order.items, { product: w.product.tie, quantity: 2, price: '100.00' }],
      });
      expect(edited.status).toBe(200);
      expect(edited.json.items.map((l: { price: string; amount: string }) => [l.price, l.amount])).toEqual([['875.09', '875.09'], ['0.11', '0.22']]);
      expect(edited.json.total).toBe('875.31');
      expect(edited.json.comment).toBe('Изменён');
      expect(edited.json.number).toBe(order.number);

      const refused = await w.dealerA.put(`/api/orders/${order.id}/`, { ...edited.json, status: 'cancelled' });
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('forbidden');
      expect((await w.dealerA.get(`/api/orders/${order.id}/`)).json).toEqual(edited.json);
    });

    test('once confirmed, a dealer can neither edit nor delete the order (409) and nothing changes', async () => {
      const order = await w.smallOrder();
      expect((await w.setStatus(w.manager, order, 'confirmed')).status).toBe(200);
      const confirmed = (await w.dealerB.get(`/api/orders/${order.id}/`)).json;
      const edit = await w.dealerB.put(`/api/orders/${order.id}/`, { ...confirmed, comment: 'поздно' });
      expect(edit.status).toBe(409);
      expect(edit.json.code).toBe('not_editable');
      const remove = await w.dealerB.del(`/api/orders/${order.id}/`);
      expect(remove.status).toBe(409);
      expect((await w.dealerB.get(`/api/orders/${order.id}/`)).json).toEqual(confirmed);
    });

    test('a dealer deletes its own new order; staff delete any order', async () => {
      const order = await w.smallOrder();
      expect((await w.dealerB.del(`/api/orders/${order.id}/`)).status).toBe(204);
      expect((await w.dealerB.get(`/api/orders/${order.id}/`)).status).toBe(404);
      const lines = await w.t.app.db.selectFrom('order_items').select('id').where('order_id', '=', order.id).execute();
      expect(lines).toEqual([]);
      const confirmed = await w.smallOrder();
      await w.setStatus(w.manager, confirmed, 'confirmed');
      expect((await w.admin.del(`/api/orders/${confirmed.id}/`)).status).toBe(204);
    });

    test('staff edit lines while new, not after (409), and may still edit the comment', async () => {
      const order = await w.smallOrder();
      const edited = await w.manager.put(`/api/orders/${order.id}/`, { ...order, items: [{ product: w.product.twenty, quantity: 4 }] });
      expect(edited.status).toBe(200);
      expect(edited.json.total).toBe('0.80');
      const confirmed = (await w.setStatus(w.manager, order, 'confirmed')).json;
      const lines = await w.manager.put(`/api/orders/${order.id}/`, { ...confirmed, items: [{ product: w.product.twenty, quantity: 5 }] });
      expect(lines.status).toBe(409);
      expect((await w.manager.get(`/api/orders/${order.id}/`)).json.total).toBe('0.80');
      const comment = await w.manager.put(`/api/orders/${order.id}/`, { ...confirmed, comment: 'Отгрузка в пятницу' });
      expect(comment.status).toBe(200);
      expect(comment.json.comment).toBe('Отгрузка в пятницу');
    });
  });

  describe('order lifecycle', () => {
    test.each(['confirmed → shipped → completed', 'cancelled', 'confirmed → cancelled'])('staff move an order one step at a time: new → %s', async (path) => {
      const order = await w.smallOrder();
      for (const status of path.split(' → ')) {
        const moved = await w.setStatus(w.manager, order, status);
        expect(moved.status).toBe(200);
        expect(moved.json.status).toBe(status);
      }
    });

    test.each([
      ['new', 'shipped'],
      ['new', 'completed'],
      ['new → confirmed', 'new'],
      ['new → confirmed', 'completed'],
      ['new → confirmed → shipped', 'cancelled'],
      ['new → confirmed → shipped', 'confirmed'],
      ['new → confirmed → shipped → completed', 'shipped'],
      ['new → confirmed → shipped → completed', 'cancelled'],
      ['new → cancelled', 'new'],
      ['new → cancelled', 'confirmed'],
    ])('after %s, a move to %s is 409 and changes nothing', async (path, refused) => {
      const order = await w.smallOrder();
      for (const status of path.split(' → ').slice(1)) expect((await w.setStatus(w.admin, order, status)).status).toBe(200);
      const before = (await w.manager.get(`/api/orders/${order.id}/`)).json;
      const response = await w.setStatus(w.manager, order, refused);
      expect(response.status).toBe(409);
      expect(response.json.code).toBe('status_transition');
      expect((await w.manager.get(`/api/orders/${order.id}/`)).json).toEqual(before);
    });

    test('an unknown status is 400', async () => {
      const order = await w.smallOrder();
      expect((await w.setStatus(w.manager, order, 'lost')).status).toBe(400);
    });
  });

  describe('documents (multipart)', () => {
    test('a multipart create with a document, downloaded byte for byte as an attachment; a multipart update replaces it', async () => {
      const bytes = pdf('order');
      const created = await w.dealerA.form('POST', '/api/orders/', {
        items: JSON.stringify([{ product: w.product.big, quantity: 2 }]), comment: 'С документом',
      }, { name: 'Счёт №1.pdf', type: 'application/pdf', data: bytes });
      expect(created.status).toBe(201);
      const order = created.json;
      expect(order.total).toBe('1750.18');
      expect(order.document).toEqual({
        name: 'Счёт №1.pdf', content_type: 'application/pdf', size: bytes.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), url: `/api/orders/${order.id}/download/`,
      });
      const download = await w.dealerA.download(order.document.url);
      expect(download.status).toBe(200);
      expect(download.bytes.equals(bytes)).toBe(true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(/^attachment; /);
      expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Счёт №1.pdf')}`);
      expect((await w.dealerB.download(order.document.url)).status).toBe(404);

      const files = await w.count('stored_files');
      const replacement = pdf('replacement');
      const updated = await w.dealerA.form('PUT', `/api/orders/${order.id}/`, {
        items: JSON.stringify(order.items), comment: 'Новый счёт', status: 'new',
      }, { name: 'invoice-2.pdf', type: 'application/pdf', data: replacement });
      expect(updated.status).toBe(200);
      expect(updated.json.document.name).toBe('invoice-2.pdf');
      expect(updated.json.comment).toBe('Новый счёт');
      expect(updated.json.items).toEqual(order.items);
      expect((await w.dealerA.download(order.document.url)).bytes.equals(replacement)).toBe(true);
      // The replaced file is gone, not orphaned.
      expect(await w.count('stored_files')).toBe(files);

      // A PUT without a file keeps the document; `document: null` removes it.
      expect((await w.dealerA.put(`/api/orders/${order.id}/`, updated.json)).json.document).toEqual(updated.json.document);
      const removed = await w.dealerA.put(`/api/orders/${order.id}/`, { ...updated.json, document: null });
      expect(removed.json.document).toBeNull();
      expect(await w.count('stored_files')).toBe(files - 1);
      expect((await w.dealerA.download(order.document.url)).status).toBe(404);
    });

    test('a refused multipart create stores no file and no order', async () => {
      await w.setMinimum('1000000.00');
      try {
        const before = await Promise.all([w.count('orders'), w.count('stored_files')]);
        const refused = await w.dealerA.form('POST', '/api/orders/', { items: JSON.stringify([{ product: w.product.big, quantity: 1 }]) },
          { name: 'a.pdf', type: 'application/pdf', data: pdf('refused') });
        expect(refused.status).toBe(400);
        expect(refused.json.code).toBe('min_order_total');
        const mismatch = await w.dealerA.form('POST', '/api/orders/', { items: JSON.stringify([{ product: w.product.big, quantity: 1 }]) },
          { name: 'a.pdf', type: 'image/png', data: pdf('not a png') });
        expect(mismatch.status).toBe(400);
        expect(await Promise.all([w.count('orders'), w.count('stored_files')])).toEqual(before);
      } finally {
        await w.setMinimum(null);
      }
    });
  });

  describe('lists', () => {
    test('filters by status, dealer and dates, search in number and comment, ordering by total', async () => {
      const a = (await create(w.dealerA, [{ product: w.product.big, quantity: 1 }], { comment: 'фильтр-один' })).json;
      const b = (await create(w.dealerA, [{ product: w.product.big, quantity: 2 }], { comment: 'фильтр-два' })).json;
      await w.setStatus(w.manager, b, 'confirmed');
      const ids = (response: { json: { results: Array<{ id: number }> } }) => response.json.results.map((o) => o.id);

      expect(ids(await w.manager.get('/api/orders/?search=ФИЛЬТР&ordering=-total'))).toEqual([b.id, a.id]);
      expect(ids(await w.manager.get('/api/orders/?search=фильтр&ordering=total'))).toEqual([a.id, b.id]);
      expect(ids(await w.manager.get('/api/orders/?search=фильтр&status=confirmed'))).toEqual([b.id]);
      expect(ids(await w.manager.get(`/api/orders/?search=${a.number}`))).toEqual([a.id]);
      const all = await w.manager.get(`/api/orders/?dealer=${w.dealerIdA}&page_size=500`);
      expect(all.json.results.every((o: { dealer: number }) => o.dealer === w.dealerIdA)).toBe(true);
      expect(all.json.results.every((o: { items: unknown[] }) => o.items.length > 0)).toBe(true);

      const created = new Date(a.created_at);
      const day = created.toISOString().slice(0, 10);
      const nextDay = new Date(created.getTime() + 86_400_000).toISOString().slice(0, 10);
      expect(ids(await w.manager.get(`/api/orders/?search=фильтр&created_after=${day}&created_before=${nextDay}&ordering=created_at`))).toEqual([a.id, b.id]);
      expect(ids(await w.manager.get(`/api/orders/?search=фильтр&created_before=${day}`))).toEqual([]);
      expect(ids(await w.manager.get(`/api/orders/?search=фильтр&created_after=${nextDay}`))).toEqual([]);
      // A date-time with an offset is compared as the instant it names: exactly at a's creation counts as after.
      const at = encodeURIComponent(a.created_at.replace('Z', '+00:00'));
      expect(ids(await w.manager.get(`/api/orders/?search=фильтр&created_after=${at}&ordering=created_at`))).toEqual([a.id, b.id]);
      expect(ids(await w.manager.get(`/api/orders/?search=фильтр&created_before=${at}`))).toEqual([]);
      for (const bad of ['created_after=2026-02-30x', 'created_before=yesterday', 'status=lost', 'ordering=comment']) {
        expect((await w.manager.get(`/api/orders/?${bad}`)).status).toBe(400);
      }
    });
  });

  test('a second dealer sees none of the first dealer\'s orders, requests or shipping: 404 on each id, empty lists', async () => {
    // Dealer B gets its own fresh client view: everything below belongs to dealer A.
    const order = await w.smallOrder(w.dealerA, {});
    const withDocument = (await w.dealerA.form('POST', '/api/orders/', { items: JSON.stringify([{ product: w.product.big, quantity: 1 }]) },
      { name: 'a.pdf', type: 'application/pdf', data: pdf('a') })).json;
    const request = (await w.dealerA.post('/api/orderdelreq/', { order: withDocument.id, reason: 'r' })).json;
    await w.setStatus(w.manager, order, 'confirmed');
    const shipping = (await w.manager.post('/api/shipping/create/', { order: order.id })).json;

    for (const [list, item] of [['/api/orders/', `/api/orders/${order.id}/`], ['/api/orderdelreq/', `/api/orderdelreq/${request.id}/`], ['/api/shippings/', `/api/shippings/${shipping.id}/`]]) {
      const seen = await w.dealerB.get(`${list}?page_size=500`);
      expect(seen.status).toBe(200);
      expect(seen.json.results.filter((r: { dealer?: number; order?: number }) => r.dealer === w.dealerIdA || r.order === order.id || r.order === withDocument.id)).toEqual([]);
      expect((await w.dealerB.get(item)).status).toBe(404);
    }
    const bOrders = (await w.dealerB.get('/api/orders/?page_size=500')).json.results;
    expect(bOrders.every((o: { dealer: number }) => o.dealer === w.dealerIdB)).toBe(true);
    expect((await w.dealerB.get(`/api/orders/?dealer=${w.dealerIdA}`)).json).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await w.dealerB.get('/api/orderdelreq/')).json.count).toBe(0);
    expect((await w.dealerB.get('/api/shippings/')).json.count).toBe(0);

    const current = (await w.dealerA.get(`/api/orders/${withDocument.id}/`)).json;
    expect((await w.dealerB.put(`/api/orders/${withDocument.id}/`, current)).status).toBe(404);
    expect((await w.dealerB.del(`/api/orders/${withDocument.id}/`)).status).toBe(404);
    expect((await w.dealerB.download(`/api/orders/${withDocument.id}/download/`)).status).toBe(404);
    expect((await w.dealerB.post('/api/orderdelreq/', { order: withDocument.id, reason: 'чужой' })).status).toBe(404);
    expect((await w.dealerA.get(`/api/orders/${withDocument.id}/`)).json).toEqual(current);
  });
});
