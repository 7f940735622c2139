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
    // Another dealer never deletes it; the staff's file for the dealer is not the dealer's to delete; its own upload is.
    expect((await call(t.app, 'DELETE', `/api/attachments/${byDealer.json.id}/`, { token: access['dealer2@demo.test'] })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/attachments/${forDealer.json.id}/`, { token: access['dealer@demo.test'] })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/attachments/${byDealer.json.id}/`, { token: access['dealer@demo.test'] })).status).toBe(204);
    expect((await download(byDealer.json.id, 'dealer@demo.test')).statusCode).toBe(404);
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

  describe('the documents screen', () => {
    const ids: Record<string, number> = {};
    let ownDealer: number;
    let otherDealer: number;
    let dealerUser: number;
    const list = async (query: string, email = 'manager@demo.test') =>
      (await call(t.app, 'GET', `/api/attachments/?page_size=500&${query}`, { token: access[email] })).json.results.map((a: { id: number }) => a.id) as number[];
    beforeAll(async () => {
      ownDealer = (await call(t.app, 'GET', '/api/dealers/', { token: access['dealer@demo.test'] })).json.results[0].id;
      otherDealer = (await call(t.app, 'GET', '/api/dealers/', { token: access['dealer2@demo.test'] })).json.results[0].id;
      dealerUser = (await call(t.app, 'GET', '/api/users/me/', { token: access['dealer@demo.test'] })).json.id;
      ids.forAll = (await upload('manager@demo.test', { name: 'Регламент отгрузок.pdf' }, { name: 'r.pdf', type: 'application/pdf', data: pdf(50) })).json.id;
      ids.forOwn = (await upload('manager@demo.test', { name: 'Договор поставки.pdf', dealer: String(ownDealer) }, { name: 'd.pdf', type: 'application/pdf', data: pdf(50) })).json.id;
      ids.forOther = (await upload('manager@demo.test', { name: 'Договор другого.pdf', dealer: String(otherDealer) }, { name: 'o.pdf', type: 'application/pdf', data: pdf(50) })).json.id;
      ids.byDealer = (await upload('dealer@demo.test', { name: 'Акт сверки.txt' }, { name: 'a.txt', type: 'text/plain', data: Buffer.from('акт') })).json.id;
    });

    test('search by name; filters for all dealers or not, by dealer, uploader, content type and date', async () => {
      expect(await list(`search=${encodeURIComponent('договор')}`)).toEqual(expect.arrayContaining([ids.forOwn, ids.forOther]));
      expect(await list(`search=${encodeURIComponent('договор')}`)).not.toContain(ids.forAll);
      const forAll = await list('for_all=true');
      expect(forAll).toContain(ids.forAll);
      expect(forAll).not.toEqual(expect.arrayContaining([ids.forOwn]));
      const perDealer = await list('for_all=false');
      expect(perDealer).toEqual(expect.arrayContaining([ids.forOwn, ids.forOther, ids.byDealer]));
      expect(perDealer).not.toContain(ids.forAll);
      expect(await list(`dealer=${otherDealer}`)).toContain(ids.forOther);
      expect(await list(`dealer=${otherDealer}`)).not.toEqual(expect.arrayContaining([ids.forOwn]));
      expect(await list(`uploaded_by=${dealerUser}`)).toContain(ids.byDealer);
      expect(await list(`uploaded_by=${dealerUser}`)).not.toEqual(expect.arrayContaining([ids.forOwn]));
      expect(await list('content_type=text/plain')).toContain(ids.byDealer);
      expect(await list('content_type=text/plain')).not.toContain(ids.forAll);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(await list(`created_after=${tomorrow}`)).toEqual([]);
      expect(await list(`created_before=${tomorrow}&search=${encodeURIComponent('Регламент')}`)).toEqual([ids.forAll]);
      // A dealer filters within what it may see.
      expect(await list('for_all=false', 'dealer@demo.test')).toEqual(expect.arrayContaining([ids.forOwn, ids.byDealer]));
      expect(await list('for_all=false', 'dealer@demo.test')).not.toContain(ids.forOther);
      expect(await list(`dealer=${otherDealer}`, 'dealer@demo.test')).toEqual([]);
      for (const query of ['for_all=maybe', 'uploaded_by=0', 'created_after=soon']) {
        const refused = await call(t.app, 'GET', `/api/attachments/?${query}`, { token: access['manager@demo.test'] });
        expect([query, refused.status]).toEqual([query, 400]);
        expect(Object.keys(refused.json.fields)).toEqual([query.split('=')[0]]);
      }
    });

    test('the OpenAPI document describes the filters', async () => {
      const spec = (await call(t.app, 'GET', '/api/schema/')).json;
      const names = spec.paths['/api/attachments/'].get.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(['search', 'dealer', 'for_all', 'uploaded_by', 'content_type', 'created_after', 'created_before', 'format', 'fields']));
      const forAll = spec.paths['/api/attachments/'].get.parameters.find((p: { name: string }) => p.name === 'for_all');
      expect(forAll.schema.description ?? forAll.description).toMatch(/all dealers/);
    });

    test('staff upload for all dealers or for one existing dealer; an unknown dealer is a 400 naming it', async () => {
      expect((await call(t.app, 'GET', `/api/attachments/${ids.forAll}/`, { token: access['manager@demo.test'] })).json.dealer).toBeNull();
      expect((await call(t.app, 'GET', `/api/attachments/${ids.forOwn}/`, { token: access['manager@demo.test'] })).json.dealer).toBe(ownDealer);
      const unknown = await upload('manager@demo.test', { dealer: '999999' }, { name: 'x.pdf', type: 'application/pdf', data: pdf(10) });
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.json.fields)).toEqual(['dealer']);
    });

    test('a dealer uploads for itself only: naming another dealer is 404; what it may not set is ignored; it does not edit, nor delete the staff\'s files', async () => {
      const before = await list('', 'manager@demo.test');
      const other = await upload('dealer@demo.test', { dealer: String(otherDealer) }, { name: 'x.pdf', type: 'application/pdf', data: pdf(10) });
      expect(other.status).toBe(404);
      expect(other.json).toEqual({ code: 'not_found', message: expect.any(String) });
      expect(await list('', 'manager@demo.test')).toEqual(before);
      const own = await upload('dealer@demo.test', { dealer: String(ownDealer), uploaded_by: '1', sha256: 'forged', size: '1' }, { name: 'y.pdf', type: 'application/pdf', data: pdf(10) });
      expect(own.status).toBe(201);
      expect(own.json).toEqual(expect.objectContaining({ dealer: ownDealer, uploaded_by: dealerUser, size: 19 }));
      expect(own.json.sha256).not.toBe('forged');
      expect((await download(own.json.id, 'dealer@demo.test')).statusCode).toBe(200);
      for (const id of [own.json.id, ids.byDealer, ids.forOwn]) {
        expect((await call(t.app, 'PUT', `/api/attachments/${id}/`, { token: access['dealer@demo.test'], body: { name: 'z.pdf', dealer: null } })).status).toBe(404);
      }
      expect((await call(t.app, 'DELETE', `/api/attachments/${ids.forOwn}/`, { token: access['dealer@demo.test'] })).status).toBe(404);
      expect((await call(t.app, 'GET', `/api/attachments/${ids.byDealer}/`, { token: access['manager@demo.test'] })).json.name).toBe('Акт сверки.txt');
      // Another dealer's file, named by id, is not found on any route.
      expect((await call(t.app, 'GET', `/api/attachments/${ids.forOther}/`, { token: access['dealer@demo.test'] })).status).toBe(404);
      expect((await download(ids.forOther, 'dealer@demo.test')).statusCode).toBe(404);
    });

    test('staff delete any document, with its file', async () => {
      expect((await call(t.app, 'DELETE', `/api/attachments/${ids.byDealer}/`, { token: access['manager@demo.test'] })).status).toBe(204);
      expect((await download(ids.byDealer, 'dealer@demo.test')).statusCode).toBe(404);
      expect(await list('', 'manager@demo.test')).not.toContain(ids.byDealer);
    });
  });
});
