// A dealer's own uploads (issue 17 item 5, design §4): deleted by the dealer while nothing refers
// to them, and counted against the dealer's quota of files and bytes a UTC day.
import { randomBytes } from 'node:crypto';
import { call, createTestApp, formData, testDatabases, tokensFor, type TestApp } from '../test/test-app';

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size)]);
const KB = 1024;

describe.each(testDatabases())('a dealer\'s own uploads on %s', (kind) => {
  let t: TestApp;
  const access: Record<string, string> = {};
  let product = 0;
  let quantity = 1;
  beforeAll(async () => {
    t = await createTestApp(kind, { uploadQuota: { filesPerDay: 4, mbPerDay: 1 } });
    await call(t.app, 'POST', '/api/contract/sign/', { token: (await tokensFor(t.app, 'dealer2@demo.test')).access });
    for (const email of ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test']) access[email] = (await tokensFor(t.app, email)).access;
    const dearest = (await call(t.app, 'GET', '/api/products/?is_active=true&ordering=-price&page_size=1', { token: access['admin@demo.test'] })).json.results[0];
    product = dearest.id;
    quantity = Math.max(1, Math.ceil(5_000 / Number(dearest.price)));
  });
  afterAll(async () => { await t?.close(); });

  const upload = (email: string, data: Buffer, fields: Record<string, string> = {}) => {
    const form = formData(fields, { file: { name: 'акт.pdf', type: 'application/pdf', data } });
    return call(t.app, 'POST', '/api/attachments/', { token: access[email], body: form.body, headers: form.headers });
  };
  const remove = (id: number, email: string) => call(t.app, 'DELETE', `/api/attachments/${id}/`, { token: access[email] });
  const read = (id: number) => call(t.app, 'GET', `/api/attachments/${id}/`, { token: access['admin@demo.test'] });
  const storedFiles = async () => Number((await t.app.db.selectFrom('stored_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  /** Starts a new UTC day for every dealer: the quota's counts are those of today. */
  const newDay = () => t.app.db.deleteFrom('upload_usage' as never).execute();

  describe('deleting', () => {
    beforeEach(newDay);

    test('a dealer deletes its own upload (204): the row and its stored file go', async () => {
      const created = await upload('dealer@demo.test', pdf(100));
      expect(created.status).toBe(201);
      const files = await storedFiles();
      const answer = await remove(created.json.id, 'dealer@demo.test');
      expect([answer.status, answer.body]).toEqual([204, '']);
      expect((await read(created.json.id)).status).toBe(404);
      expect(await storedFiles()).toBe(files - 1);
    });

    test('another dealer\'s upload is 404 and stays; so are the staff\'s files the dealer sees', async () => {
      const theirs = await upload('dealer2@demo.test', pdf(100));
      expect(theirs.status).toBe(201);
      const ownDealer = (await call(t.app, 'GET', '/api/dealers/', { token: access['dealer@demo.test'] })).json.results[0].id;
      const forDealer = await upload('manager@demo.test', pdf(100), { dealer: String(ownDealer) });
      const forAll = await upload('manager@demo.test', pdf(100));
      for (const id of [theirs.json.id, forDealer.json.id, forAll.json.id]) {
        const answer = await remove(id, 'dealer@demo.test');
        expect([id, answer.status, answer.json?.code]).toEqual([id, 404, 'not_found']);
        expect((await read(id)).status).toBe(200);
      }
    });

    test('a file something refers to is 409 with a clear message, and is deleted once the link is gone', async () => {
      const created = await upload('dealer@demo.test', pdf(100));
      const id = created.json.id as number;
      // A news item links the dealer's file (and another id that only begins like it: no reference).
      const news = await call(t.app, 'POST', '/api/newsletters/', { token: access['admin@demo.test'], body: {
        title: 'Акт', body: `[акт](/api/attachments/${id}/download/) и [другой](/api/attachments/${id}0/download/)`, audience: null, published: true,
      } });
      expect(news.status).toBe(201);
      const refused = await remove(id, 'dealer@demo.test');
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({ code: 'attachment_in_use', message: expect.stringContaining('Файл нельзя удалить') });
      expect((await call(t.app, 'DELETE', `/api/attachments/${id}/`, { token: access['dealer@demo.test'], headers: { 'accept-language': 'en' } })).json.message)
        .toMatch(/cannot be deleted/);
      expect((await read(id)).status).toBe(200);
      expect((await call(t.app, 'DELETE', `/api/newsletters/${news.json.id}/`, { token: access['admin@demo.test'] })).status).toBe(204);

      // The dealer's own order comment links it too.
      const order = await call(t.app, 'POST', '/api/orders/', { token: access['dealer@demo.test'], body: { items: [{ product, quantity }], comment: `Акт: /api/attachments/${id}/` } });
      expect(order.status).toBe(201);
      expect((await remove(id, 'dealer@demo.test')).status).toBe(409);
      expect((await call(t.app, 'DELETE', `/api/orders/${order.json.id}/`, { token: access['dealer@demo.test'] })).status).toBe(204);

      expect((await remove(id, 'dealer@demo.test')).status).toBe(204);
      expect((await read(id)).status).toBe(404);
    });

    test('staff still delete any file, referred to or not', async () => {
      const created = await upload('dealer@demo.test', pdf(100));
      await call(t.app, 'POST', '/api/newsletters/', { token: access['admin@demo.test'], body: { title: 'x', body: `/api/attachments/${created.json.id}/`, audience: null, published: false } });
      expect((await remove(created.json.id, 'manager@demo.test')).status).toBe(204);
    });
  });

  describe('the quota of files and bytes a day', () => {
    beforeEach(newDay);

    const expectQuotaRefusal = (answer: Awaited<ReturnType<typeof call>>) => {
      expect(answer.status).toBe(429);
      expect(answer.json).toEqual({ code: 'upload_quota', message: expect.stringContaining('Дневной лимит загрузок исчерпан: не больше 4 файлов и 1 МБ в сутки') });
      const seconds = Number(answer.headers['retry-after']);
      const untilMidnight = (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000;
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(Math.abs(seconds - untilMidnight)).toBeLessThan(60);
    };

    test('past the files of a day: 429 with Retry-After and a Russian message, nothing stored; another dealer and staff go on', async () => {
      for (let i = 0; i < 4; i += 1) expect((await upload('dealer@demo.test', pdf(10))).status).toBe(201);
      const files = await storedFiles();
      const refused = await upload('dealer@demo.test', pdf(10));
      expectQuotaRefusal(refused);
      expect(await storedFiles()).toBe(files);
      // Deleting gives nothing back: the quota is of what is sent a day.
      const mine = (await call(t.app, 'GET', '/api/attachments/?ordering=-id&page_size=1', { token: access['dealer@demo.test'] })).json.results[0];
      expect((await remove(mine.id, 'dealer@demo.test')).status).toBe(204);
      expect((await upload('dealer@demo.test', pdf(10))).status).toBe(429);

      expect((await upload('dealer2@demo.test', pdf(10))).status).toBe(201);
      for (let i = 0; i < 6; i += 1) expect((await upload('manager@demo.test', pdf(10))).status).toBe(201);
      // A new day: the dealer uploads again.
      await newDay();
      expect((await upload('dealer@demo.test', pdf(10))).status).toBe(201);
    });

    test('past the bytes of a day: the upload that would cross them is refused', async () => {
      expect((await upload('dealer@demo.test', pdf(600 * KB))).status).toBe(201);
      expectQuotaRefusal(await upload('dealer@demo.test', pdf(600 * KB)));
      expect((await upload('dealer@demo.test', pdf(300 * KB))).status).toBe(201);
    });

    test('every upload of the dealer counts, an order\'s document too; a form without a file is never refused', async () => {
      const order = async (document?: Buffer) => {
        const form = formData({ items: JSON.stringify([{ product, quantity }]), comment: 'квота' }, document ? { document: { name: 'заявка.pdf', type: 'application/pdf', data: document } } : {});
        return call(t.app, 'POST', '/api/orders/', { token: access['dealer@demo.test'], body: form.body, headers: form.headers });
      };
      for (let i = 0; i < 2; i += 1) expect((await upload('dealer@demo.test', pdf(10))).status).toBe(201);
      for (let i = 0; i < 2; i += 1) expect((await order(pdf(10))).status).toBe(201);
      const orders = (await call(t.app, 'GET', '/api/orders/', { token: access['dealer@demo.test'] })).json.count;
      expectQuotaRefusal(await order(pdf(10)));
      expect((await call(t.app, 'GET', '/api/orders/', { token: access['dealer@demo.test'] })).json.count).toBe(orders);
      expect((await order()).status).toBe(201);
    });

    test('uploads at once never pass the quota together', async () => {
      const files = await storedFiles();
      const answers = await Promise.all(Array.from({ length: 10 }, () => upload('dealer@demo.test', pdf(10))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(4).fill(201), ...Array(6).fill(429)]);
      expect(await storedFiles()).toBe(files + 4);
    });
  });
});
