import { createHash, randomBytes } from 'node:crypto';
import { call, createTestApp, formData, testDatabases, tokensFor, type TestApp } from '../test/test-app';

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size)]);

describe.each(testDatabases())('attachments and stored files on %s', (kind) => {
  let t: TestApp;
  const access: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { uploadLimitMb: 1 });
    // The second dealer signs the contract, so that only isolation keeps it from the first one's files.
    await call(t.app, 'POST', '/api/contract/sign/', { token: (await tokensFor(t.app, 'dealer2@demo.test')).access });
    for (const email of ['manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test']) access[email] = (await tokensFor(t.app, email)).access;
  });
  afterAll(async () => { await t?.close(); });

  const upload = (email: string, fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) => {
    const form = formData(fields, { file });
    return call(t.app, 'POST', '/api/attachments/', { token: access[email], body: form.body, headers: form.headers });
  };
  const download = (id: number, email: string) => t.app.inject({ method: 'GET', url: `/api/attachments/${id}/download/`, headers: { authorization: `Bearer ${access[email]}` } });

  test('a file makes a byte-for-byte round trip with its SHA-256 and Content-Disposition: attachment', async () => {
    const data = pdf(300_000);
    const created = await upload('manager@demo.test', { description: 'Прайс' }, { name: 'Прайс-лист 2026.pdf', type: 'application/pdf', data });
    expect(created.status).toBe(201);
    expect(created.json).toEqual(expect.objectContaining({
      name: 'Прайс-лист 2026.pdf', content_type: 'application/pdf', size: data.length, dealer: null,
      sha256: createHash('sha256').update(data).digest('hex'), url: `/api/attachments/${created.json.id}/download/`,
    }));
    const response = await download(created.json.id, 'dealer@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(data)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="_____-____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Прайс-лист 2026.pdf')}`);
  });

  test('a file over UPLOAD_LIMIT_MB answers 413 and stores nothing', async () => {
    const files = async () => Number((await t.app.db.selectFrom('stored_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = { files: await files(), list: (await call(t.app, 'GET', '/api/attachments/', { token: access['manager@demo.test'] })).json.count };
    const tooBig = await upload('manager@demo.test', {}, { name: 'big.pdf', type: 'application/pdf', data: pdf(1024 * 1024 + 10) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe('Запрос слишком большой.');
    expect((await call(t.app, 'GET', '/api/attachments/', { token: access['manager@demo.test'] })).json.count).toBe(before.list);
    expect(await files()).toBe(before.files);
  });

  test('a hostile file name is cleaned: no path, no quotes, no control characters', async () => {
    const created = await upload('manager@demo.test', {}, { name: '..\\..\\etc/pa:ss\u0007wd<>.txt', type: 'text/plain', data: Buffer.from('hello') });
    expect(created.status).toBe(201);
    expect(created.json.name).toBe('passwd.txt');
    const response = await download(created.json.id, 'manager@demo.test');
    expect(response.headers['content-disposition']).toBe('attachment; filename="passwd.txt"; filename*=UTF-8\'\'passwd.txt');
  });

  test('the content type is checked against the bytes', async () => {
    const lying = await upload('manager@demo.test', {}, { name: 'photo.png', type: 'image/png', data: Buffer.from('%PDF-1.4 not a png') });
    expect(lying.status).toBe(400);
    expect(lying.json.code).toBe('file_type_mismatch');
    const executable = await upload('manager@demo.test', {}, { name: 'tool.exe', type: 'application/octet-stream', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) });
    expect(executable.status).toBe(400);
    expect(executable.json.code).toBe('file_type_not_allowed');
    const generic = await upload('manager@demo.test', {}, { name: 'scan', type: 'application/octet-stream', data: pdf(10) });
    expect(generic.json.content_type).toBe('application/pdf');
  });

  test('an upload without a file, or as JSON, answers 400 with a message', async () => {
    const form = formData({ description: 'без файла' });
    const empty = await call(t.app, 'POST', '/api/attachments/', { token: access['manager@demo.test'], body: form.body, headers: form.headers });
    expect(empty.status).toBe(400);
    expect(empty.json.fields.file).toEqual(['Приложите файл.']);
    expect((await call(t.app, 'POST', '/api/attachments/', { token: access['manager@demo.test'], body: { name: 'x' } })).status).toBe(400);
    const broken = await call(t.app, 'POST', '/api/attachments/', { token: access['manager@demo.test'], body: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(broken.status).toBe(400);
  });

  test('visibility: files for all dealers, for one dealer, and a dealer\'s own uploads', async () => {
    const ownDealer = (await call(t.app, 'GET', '/api/dealers/', { token: access['dealer@demo.test'] })).json.results[0].id;
    const forDealer = await upload('manager@demo.test', { dealer: String(ownDealer) }, { name: 'договор.pdf', type: 'application/pdf', data: pdf(100) });
    expect(forDealer.json.dealer).toBe(ownDealer);
    const byDealer = await upload('dealer@demo.test', { dealer: '' }, { name: 'акт.txt', type: 'text/plain', data: Buffer.from('акт сверки') });
    expect(byDealer.status).toBe(201);
    // A dealer's upload is always for its own dealer.
    expect(byDealer.json.dealer).toBe(ownDealer);

    for (const id of [forDealer.json.id, byDealer.json.id]) {
      expect((await download(id, 'dealer@demo.test')).statusCode).toBe(200);
      expect((await download(id, 'dealer2@demo.test')).statusCode).toBe(404);
      expect((await call(t.app, 'GET', `/api/attachments/${id}/`, { token: access['dealer2@demo.test'] })).status).toBe(404);
    }
    const seenBy2 = (await call(t.app, 'GET', '/api/attachments/?page_size=500', { token: access['dealer2@demo.test'] })).json.results;
    expect(seenBy2.every((a: { dealer: number | null }) => a.dealer === null)).toBe(true);
    expect((await call(t.app, 'DELETE', `/api/attachments/${byDealer.json.id}/`, { token: access['dealer@demo.test'] })).status).toBe(404);
  });

  test('staff update an attachment with the full item as JSON and delete it with its file', async () => {
    const created = await upload('manager@demo.test', {}, { name: 'a.txt', type: 'text/plain', data: Buffer.from('a') });
    const updated = await call(t.app, 'PUT', `/api/attachments/${created.json.id}/`, { token: access['manager@demo.test'], body: { ...created.json, name: 'b.txt', description: 'новое' } });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ ...created.json, name: 'b.txt', description: 'новое' });
    expect((await call(t.app, 'DELETE', `/api/attachments/${created.json.id}/`, { token: access['manager@demo.test'] })).status).toBe(204);
    expect((await download(created.json.id, 'manager@demo.test')).statusCode).toBe(404);
    const file = await t.app.db.selectFrom('stored_files').select('id').where('sha256', '=', created.json.sha256).executeTakeFirst();
    expect(file).toBeUndefined();
  });
});
