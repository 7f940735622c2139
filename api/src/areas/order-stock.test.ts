import { testDatabases } from '../test/test-app';
import { orderWorld, pdf, type OrderWorld } from '../test/order-world';

// Issue 18 item 4: a new order's lines say what is available of each product now (so that staff see
// a shortage before «Подтвердить»), on the item and in the list, kept up to date when stock changes;
// every edit of an order's lines, comment or document is in its `edits` with who and what changed.
describe.each(testDatabases())('orders and stock on %s', (kind) => {
  let w: OrderWorld;
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  type Line = { product: number; quantity: number; available: number | null };
  const availability = (order: { items: Line[] }) => order.items.map((line) => [line.product, line.quantity, line.available]);

  /** Sets the product's stock to `quantity` in one warehouse and nothing in the others. */
  async function stockOf(product: number, quantity: number): Promise<number> {
    const items = (await w.manager.get(`/api/storeitems/?product=${product}`)).json.results as Array<{ id: number; warehouse: string }>;
    for (const [index, item] of items.entries()) {
      const saved = await w.manager.put(`/api/storeitems/${item.id}/`, { product, warehouse: item.warehouse, quantity: index === 0 ? quantity : 0, reason: 'Инвентаризация' });
      expect(saved.status).toBe(200);
    }
    return items[0].id;
  }

  test('a new order\'s lines carry what is available now, for staff and the dealer, in the item and the list; a stock change shows at once', async () => {
    const storeItem = await stockOf(w.product.hundred, 26);
    const created = await w.dealerA.post('/api/orders/', { items: [{ product: w.product.hundred, quantity: 500 }, { product: w.product.twenty, quantity: 3 }] });
    expect(created.status).toBe(201);
    const order = created.json;
    expect(availability(order)).toEqual([[w.product.hundred, 500, 26], [w.product.twenty, 3, 200_000]]);
    expect(availability((await w.manager.get(`/api/orders/${order.id}/`)).json)).toEqual([[w.product.hundred, 500, 26], [w.product.twenty, 3, 200_000]]);
    const listed = async () => (await w.manager.get(`/api/orders/?search=${order.number}`)).json.results.map(availability);
    expect(await listed()).toEqual([[[w.product.hundred, 500, 26], [w.product.twenty, 3, 200_000]]]);

    // A receipt changes the answer of the list (its kept item is built again) and of the item.
    const receipt = await w.manager.post(`/api/storeitems/${storeItem}/movements/`, { kind: 'receipt', quantity: 474, reason: 'Поставка' });
    expect(receipt.status).toBe(201);
    expect(await listed()).toEqual([[[w.product.hundred, 500, 500], [w.product.twenty, 3, 200_000]]]);
    expect(availability((await w.dealerA.get(`/api/orders/${order.id}/`)).json)).toEqual([[w.product.hundred, 500, 500], [w.product.twenty, 3, 200_000]]);

    // Another order confirmed takes from what is available; a confirmed order's lines are reserved: null.
    const other = (await w.dealerB.post('/api/orders/', { items: [{ product: w.product.hundred, quantity: 100 }] })).json;
    expect((await w.setStatus(w.manager, other, 'confirmed')).json.items[0].available).toBeNull();
    expect(await listed()).toEqual([[[w.product.hundred, 500, 400], [w.product.twenty, 3, 200_000]]]);
    // Short: confirming is refused (409), and the page said so before.
    expect((await w.setStatus(w.manager, order, 'confirmed')).status).toBe(409);
    await w.manager.post(`/api/storeitems/${storeItem}/movements/`, { kind: 'receipt', quantity: 100, reason: 'Поставка' });
    const confirmed = await w.setStatus(w.manager, order, 'confirmed');
    expect(confirmed.status).toBe(200);
    expect(availability(confirmed.json)).toEqual([[w.product.hundred, 500, null], [w.product.twenty, 3, null]]);
    expect(await listed()).toEqual([[[w.product.hundred, 500, null], [w.product.twenty, 3, null]]]);
  });

  test('edits: the dealer\'s change of lines and comment, staff\'s comment on a confirmed order and a document, each with who and what; a status change alone is no edit', async () => {
    const order = (await w.dealerA.post('/api/orders/', { items: [{ product: w.product.dime, quantity: 10 }, { product: w.product.twenty, quantity: 2 }], comment: 'Срочно' })).json;
    expect(order.edits).toEqual([]);
    // The dealer: one quantity changed, one line removed, one added, and the comment.
    const edited = await w.dealerA.put(`/api/orders/${order.id}/`, {
      items: [{ product: w.product.dime, quantity: 12 }, { product: w.product.float, quantity: 1 }], comment: 'Срочно, до пятницы',
    });
    expect(edited.status).toBe(200);
    expect(edited.json.edits).toEqual([{
      when: edited.json.updated_at, who: 'Тест Дилер', who_id: expect.any(Number),
      lines: expect.arrayContaining([
        { product: w.product.dime, sku: 'ORD-DIME', name: 'Товар dime', from: 10, to: 12 },
        { product: w.product.twenty, sku: 'ORD-TWENTY', name: 'Товар twenty', from: 2, to: null },
        { product: w.product.float, sku: 'ORD-FLOAT', name: 'Товар float', from: null, to: 1 },
      ]),
      comment: { from: 'Срочно', to: 'Срочно, до пятницы' },
      document: null,
    }]);
    expect(edited.json.edits[0].lines).toHaveLength(3);

    // Sending the order back unchanged, or moving its status, adds no edit.
    expect((await w.dealerA.put(`/api/orders/${order.id}/`, edited.json)).json.edits).toHaveLength(1);
    const confirmed = (await w.setStatus(w.manager, order, 'confirmed')).json;
    expect(confirmed.edits).toHaveLength(1);

    // Staff: the comment of a confirmed order, then a document.
    const commented = await w.manager.put(`/api/orders/${order.id}/`, { ...confirmed, comment: 'Доставка в понедельник' });
    expect(commented.json.edits.at(-1)).toEqual({
      when: commented.json.updated_at, who: 'Михаил Менеджеров', who_id: expect.any(Number), lines: [],
      comment: { from: 'Срочно, до пятницы', to: 'Доставка в понедельник' }, document: null,
    });
    const attached = await w.manager.form('PUT', `/api/orders/${order.id}/`, {
      items: JSON.stringify(commented.json.items), comment: commented.json.comment, status: 'confirmed',
    }, { name: 'Счёт.pdf', type: 'application/pdf', data: pdf('edit') });
    expect(attached.status).toBe(200);
    expect(attached.json.edits.at(-1)).toEqual(expect.objectContaining({ lines: [], comment: null, document: { from: null, to: 'Счёт.pdf' } }));
    expect(attached.json.edits).toHaveLength(3);
    // A refused edit (lines of a confirmed order: 409) leaves no trace.
    const refused = await w.manager.put(`/api/orders/${order.id}/`, { ...attached.json, items: [{ product: w.product.dime, quantity: 1 }] });
    expect(refused.status).toBe(409);
    // The dealer reads the same edits, in the item and in the list; deleting an order takes them with it.
    expect((await w.dealerA.get(`/api/orders/${order.id}/`)).json.edits).toEqual(attached.json.edits);
    expect((await w.dealerA.get(`/api/orders/?search=${order.number}`)).json.results[0].edits).toEqual(attached.json.edits);
    expect((await w.admin.del(`/api/orders/${order.id}/`)).status).toBe(204);
    expect(await w.t.app.db.selectFrom('order_edits').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });
});
