import { testDatabases } from '../test/test-app';
import { orderWorld, type OrderWorld } from '../test/order-world';
import type { Client } from '../test/test-app';

/** The smallest files of their kinds, as the API recognises them by their bytes. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\nclaim\n');

describe.each(testDatabases())('claims on %s', (kind) => {
  let w: OrderWorld;
  // A new database with the demo data and products of our own: slow on a busy machine.
  beforeAll(async () => { w = await orderWorld(kind); }, 30_000);
  afterAll(async () => { await w?.close(); });

  /** A dealer A order of 3 × big and 10 × dime, moved by staff along `path`. */
  const order = async (path: string[] = ['confirmed', 'shipped']) => {
    const created = (await w.dealerA.post('/api/orders/', { items: [{ product: w.product.big, quantity: 3 }, { product: w.product.dime, quantity: 10 }] })).json;
    for (const status of path) {
      const current = (await w.manager.get(`/api/orders/${created.id}/`)).json;
      expect((await w.manager.put(`/api/orders/${created.id}/`, { ...current, status })).status).toBe(200);
    }
    return created as { id: number; number: string };
  };
  const claim = (client: Client, body: Record<string, unknown>) => client.post('/api/claims/', { description: 'Повреждена упаковка', quantity: 1, reason: 'shortage', ...body });
  const newClaim = async () => {
    const o = await order();
    const created = await claim(w.dealerA, { order: o.id, product: w.product.big });
    expect(created.status).toBe(201);
    return created.json;
  };
  const put = (client: Client, c: { id: number }, changes: Record<string, unknown>) => client.put(`/api/claims/${c.id}/`, { ...c, ...changes });
  const current = async (c: { id: number }) => (await w.manager.get(`/api/claims/${c.id}/`)).json;

  test('a dealer claims a product of its own shipped order, up to the ordered quantity', async () => {
    const o = await order();
    const created = await claim(w.dealerA, { order: o.id, product: w.product.big, quantity: 3, status: 'accepted', resolution: 'сам себе' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(Number), order: o.id, order_number: o.number, dealer: w.dealerIdA, dealer_name: 'Дилер А', product: w.product.big, product_name: 'Товар big', quantity: 3,
      reason: 'shortage', description: 'Повреждена упаковка', status: 'new', resolution: '', created_at: expect.any(String), files: [],
      history: [{ from: null, to: 'new', when: created.json.created_at, who: 'Тест Дилер', who_id: expect.any(Number), comment: '' }],
    });
    expect((await w.dealerA.get(`/api/claims/${created.json.id}/`)).json).toEqual(created.json);
    expect((await w.dealerA.get(`/api/claims/?order=${o.id}`)).json.results).toEqual([created.json]);
  });

  test('a product not in the order, more than was ordered, an unsent order or another dealer\'s order are refused; nothing is written', async () => {
    const o = await order();
    const before = await w.count('claims');
    const notInOrder = await claim(w.dealerA, { order: o.id, product: w.product.tie });
    expect(notInOrder.status).toBe(400);
    expect(Object.keys(notInOrder.json.fields)).toEqual(['product']);
    const tooMany = await claim(w.dealerA, { order: o.id, product: w.product.big, quantity: 4 });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.json.fields)).toEqual(['quantity']);
    for (const quantity of [0, -1, 1.5]) expect((await claim(w.dealerA, { order: o.id, product: w.product.big, quantity })).status).toBe(400);
    const unsent = await order(['confirmed']);
    const early = await claim(w.dealerA, { order: unsent.id, product: w.product.big });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('claim_order_status');
    expect((await claim(w.dealerB, { order: o.id, product: w.product.big })).status).toBe(404);
    expect((await claim(w.manager, { order: 999_999, product: w.product.big })).status).toBe(400);
    expect(await w.count('claims')).toBe(before);
    // A completed order may be claimed too.
    expect((await claim(w.dealerA, { order: (await order(['confirmed', 'shipped', 'completed'])).id, product: w.product.dime, quantity: 10 })).status).toBe(201);
  });

  test('a dealer edits description and quantity of its new claim, never status or resolution (403)', async () => {
    const c = await newClaim();
    const edited = await put(w.dealerA, c, { description: 'Разбито 2 шт.', quantity: 2, order: 1, product: 1 });
    expect(edited.status).toBe(200);
    expect(edited.json).toEqual({ ...c, description: 'Разбито 2 шт.', quantity: 2 });
    const tooMany = await put(w.dealerA, edited.json, { quantity: 4 });
    expect(tooMany.status).toBe(400);
    const status = await put(w.dealerA, edited.json, { status: 'in_review' });
    expect(status.status).toBe(403);
    expect(status.json.code).toBe('forbidden');
    const resolution = await put(w.dealerA, edited.json, { resolution: 'Принято' });
    expect(resolution.status).toBe(403);
    expect(await current(c)).toEqual(edited.json);
  });

  test('once in review, a dealer can neither edit nor delete its claim (409); while new it may delete it', async () => {
    const c = await newClaim();
    const review = await put(w.manager, c, { status: 'in_review' });
    expect(review.status).toBe(200);
    const edit = await put(w.dealerA, review.json, { description: 'Поздно' });
    expect(edit.status).toBe(409);
    expect(edit.json.code).toBe('not_editable');
    expect((await w.dealerA.del(`/api/claims/${c.id}/`)).status).toBe(409);
    expect(await current(c)).toEqual(review.json);
    const fresh = await newClaim();
    expect((await w.dealerA.del(`/api/claims/${fresh.id}/`)).status).toBe(204);
    expect((await w.dealerA.get(`/api/claims/${fresh.id}/`)).status).toBe(404);
  });

  test.each(['in_review → accepted → closed', 'in_review → rejected → closed'])('staff move a claim one step at a time: new → %s, writing the resolution', async (path) => {
    const c = await newClaim();
    for (const status of path.split(' → ')) {
      const moved = await put(w.manager, await current(c), { status, resolution: `Решение: ${status}` });
      expect(moved.status).toBe(200);
      expect(moved.json).toEqual(expect.objectContaining({ status, resolution: `Решение: ${status}` }));
    }
  });

  test.each([
    ['new', 'accepted'],
    ['new', 'closed'],
    ['new → in_review', 'new'],
    ['new → in_review', 'closed'],
    ['new → in_review → accepted', 'rejected'],
    ['new → in_review → rejected', 'in_review'],
    ['new → in_review → accepted → closed', 'new'],
  ])('after %s, a move to %s is 409 and changes nothing', async (path, refused) => {
    const c = await newClaim();
    for (const status of path.split(' → ').slice(1)) expect((await put(w.admin, await current(c), { status, resolution: 'Решение' })).status).toBe(200);
    const before = await current(c);
    const response = await put(w.manager, before, { status: refused, resolution: 'не должно сохраниться' });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('status_transition');
    expect(await current(c)).toEqual(before);
  });

  test('staff delete any claim', async () => {
    const c = await newClaim();
    await put(w.manager, c, { status: 'in_review' });
    expect((await w.manager.del(`/api/claims/${c.id}/`)).status).toBe(204);
  });

  test('a second dealer sees none of the first dealer\'s claims: empty list, 404 on each id', async () => {
    const c = await newClaim();
    expect((await w.dealerB.get('/api/claims/?page_size=500')).json).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await w.dealerB.get(`/api/claims/?order=${c.order}`)).json.count).toBe(0);
    expect((await w.dealerB.get(`/api/claims/${c.id}/`)).status).toBe(404);
    expect((await put(w.dealerB, c, { description: 'чужая' })).status).toBe(404);
    expect((await w.dealerB.del(`/api/claims/${c.id}/`)).status).toBe(404);
    expect(await current(c)).toEqual(c);
    // Staff see all of them; filters and search work on the joined order and product.
    expect((await w.manager.get(`/api/claims/?dealer=${w.dealerIdA}&search=${c.order_number}`)).json.results.map((r: { id: number }) => r.id)).toEqual([c.id]);
  });

  test('the line\'s claims together never exceed it: the second claim gets what the first left, with the field named; a rejected claim still counts', async () => {
    const o = await order();
    expect((await claim(w.dealerA, { order: o.id, product: w.product.dime, quantity: 6 })).status).toBe(201);
    const tooMany = await claim(w.dealerA, { order: o.id, product: w.product.dime, quantity: 5 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.fields).toEqual({ quantity: ['Количество больше, чем осталось по строке заказа без претензий: 4.'] });
    const rest = await claim(w.dealerA, { order: o.id, product: w.product.dime, quantity: 4 });
    expect(rest.status).toBe(201);
    expect((await claim(w.manager, { order: o.id, product: w.product.dime, quantity: 1 })).status).toBe(400);
    // Editing a claim counts the others, not itself: 4 → 3 is fine, 4 → 5 is not.
    expect((await put(w.dealerA, rest.json, { quantity: 3 })).status).toBe(200);
    expect((await put(w.dealerA, { ...rest.json, quantity: 3 }, { quantity: 5 })).status).toBe(400);
    // Another line of the same order is its own.
    expect((await claim(w.dealerA, { order: o.id, product: w.product.big, quantity: 3 })).status).toBe(201);
  });

  test('damage needs a photo: refused without one or with only a PDF (400 on «file»), taken with a photo, which both sides download', async () => {
    const o = await order();
    const fields = { order: String(o.id), product: String(w.product.big), quantity: '1', reason: 'damaged', description: 'Разбит корпус' };
    const before = await w.count('claims');
    const files = await w.count('stored_files');
    const bare = await w.dealerA.form('POST', '/api/claims/', fields);
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.json.fields)).toEqual(['file']);
    const pdf = await w.dealerA.form('POST', '/api/claims/', fields, { name: 'акт.pdf', type: 'application/pdf', data: PDF, field: 'file' });
    expect(pdf.status).toBe(400);
    expect(await w.count('claims')).toBe(before);
    expect(await w.count('stored_files')).toBe(files);
    const created = await w.dealerA.form('POST', '/api/claims/', fields, { name: 'фото.png', type: 'image/png', data: PNG, field: 'file' });
    expect(created.status).toBe(201);
    expect(created.json.files).toEqual([{ id: expect.any(Number), name: 'фото.png', content_type: 'image/png', size: PNG.length, url: expect.stringMatching(/^\/api\/claims\/\d+\/files\/\d+\/$/) }]);
    // More files of the claim, one by one; a document too.
    const more = await w.dealerA.form('POST', `/api/claims/${created.json.id}/files/`, {}, { name: 'накладная.pdf', type: 'application/pdf', data: PDF, field: 'file' });
    expect(more.status).toBe(201);
    expect((await current(created.json)).files.map((f: { name: string }) => f.name)).toEqual(['фото.png', 'накладная.pdf']);
    expect((await w.dealerA.download(created.json.files[0].url)).bytes.equals(PNG)).toBe(true);
    expect((await w.manager.download(more.json.url)).bytes.equals(PDF)).toBe(true);
    expect((await w.dealerB.download(created.json.files[0].url)).status).toBe(404);
    // Once in review the dealer adds files to the conversation, not to the claim.
    await put(w.manager, await current(created.json), { status: 'in_review' });
    expect((await w.dealerA.form('POST', `/api/claims/${created.json.id}/files/`, {}, { name: 'ещё.png', type: 'image/png', data: PNG, field: 'file' })).status).toBe(409);
    // Deleting the claim deletes its bytes.
    const stored = await w.count('stored_files');
    expect((await w.manager.del(`/api/claims/${created.json.id}/`)).status).toBe(204);
    expect(await w.count('stored_files')).toBe(stored - 2);
  });

  test('accepting or rejecting needs a resolution (400 on «resolution»); the history keeps each step', async () => {
    const c = await newClaim();
    const review = await put(w.manager, c, { status: 'in_review' });
    for (const status of ['accepted', 'rejected']) {
      const bare = await put(w.manager, review.json, { status, resolution: '  ' });
      expect(bare.status).toBe(400);
      expect(Object.keys(bare.json.fields)).toEqual(['resolution']);
    }
    const accepted = await put(w.manager, review.json, { status: 'accepted', resolution: 'Замена', status_comment: 'Фото подтверждают' });
    expect(accepted.status).toBe(200);
    expect(accepted.json.history.map((h: { from: string | null; to: string; comment: string }) => [h.from, h.to, h.comment]))
      .toEqual([[null, 'new', ''], ['new', 'in_review', ''], ['in_review', 'accepted', 'Фото подтверждают']]);
  });

  test('the conversation: staff write replies and internal notes; a dealer never receives a note or its file and cannot write one', async () => {
    const c = await newClaim();
    const url = `/api/claims/${c.id}/comments/`;
    const question = await w.dealerA.post(url, { body: 'Когда ответите?' });
    expect(question.status).toBe(201);
    expect(question.json).toEqual({ id: expect.any(Number), author: expect.any(Number), author_name: 'Тест Дилер', author_is_staff: false, body: 'Когда ответите?', internal: false, created_at: expect.any(String), files: [] });
    const note = await w.manager.form('POST', url, { body: 'Проверить склад', internal: 'true' }, { name: 'склад.pdf', type: 'application/pdf', data: PDF, field: 'file' });
    expect(note.status).toBe(201);
    expect(note.json).toEqual(expect.objectContaining({ internal: true, author_is_staff: true, files: [expect.objectContaining({ name: 'склад.pdf' })] }));
    const reply = await w.manager.form('POST', url, { body: 'Берём в работу' }, { name: 'ответ.png', type: 'image/png', data: PNG, field: 'file' });
    expect(reply.status).toBe(201);
    expect(reply.json.internal).toBe(false);

    const seenByStaff = (await w.manager.get(url)).json;
    expect(seenByStaff.results.map((m: { body: string }) => m.body)).toEqual(['Когда ответите?', 'Проверить склад', 'Берём в работу']);
    const seenByDealer = (await w.dealerA.get(url)).json;
    expect(seenByDealer).toEqual({ count: 2, next: null, previous: null, results: [question.json, reply.json] });
    expect(JSON.stringify(seenByDealer)).not.toContain('Проверить склад');
    expect((await w.dealerA.download(note.json.files[0].url)).status).toBe(404);
    expect((await w.dealerA.download(reply.json.files[0].url)).bytes.equals(PNG)).toBe(true);

    const before = (await w.manager.get(url)).json.count;
    const forged = await w.dealerA.post(url, { body: 'Тайная заметка', internal: true });
    expect(forged.status).toBe(403);
    expect(Object.keys(forged.json.fields)).toEqual(['internal']);
    expect((await w.dealerA.post(url, { body: '   ' })).status).toBe(400);
    expect((await w.dealerB.get(url)).status).toBe(404);
    expect((await w.dealerB.post(url, { body: 'чужая' })).status).toBe(404);
    expect((await w.manager.get(url)).json.count).toBe(before);
  });
});
