import { client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from '../test/test-app';
import { cleanFileName, contentDisposition } from './files';

const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
/** Every direction control: embeddings and overrides, isolates, and the implicit marks. */
const CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];

describe('file names', () => {
  test('direction controls are stripped, so that a name reads as it is', () => {
    for (const control of CONTROLS) expect(cleanFileName(`invoice${control}fdp.exe`)).toBe('invoicefdp.exe');
    expect(cleanFileName(`\u2067Акт сверки\u2069 2026.pdf`)).toBe('Акт сверки 2026.pdf');
    expect(cleanFileName(CONTROLS.join(''))).toBe('file');
  });

  test('a name kept from before loses them on download too', () => {
    expect(contentDisposition('invoice\u202efdp.exe')).toBe(`attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`);
  });
});

describe.each(testDatabases())('uploaded file names on %s', (kind) => {
  let t: TestApp;
  let manager: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    manager = client(t.app, (await tokensFor(t.app, 'manager@demo.test')).access);
  });
  afterAll(async () => { await t?.close(); });

  test('a file named with U+202E is stored and downloaded without it', async () => {
    const created = await manager.form('POST', '/api/attachments/', {}, { name: 'счёт\u202egpj.pdf', type: 'application/pdf', data: pdf, field: 'file' });
    expect(created.status).toBe(201);
    expect(created.json.name).toBe('счётgpj.pdf');
    const stored = await t.app.db.selectFrom('stored_files').select('name').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.name).toBe('счётgpj.pdf');
    const download = await manager.download(created.json.url);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="____gpj.pdf"; filename*=UTF-8''${encodeURIComponent('счётgpj.pdf')}`);

    // The name given in the form, and a new one given later, are cleaned alike.
    const renamed = await manager.put(`/api/attachments/${created.json.id}/`, { ...created.json, name: 'прайс\u2066.exe\u2069.pdf' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe('прайс.exe.pdf');
  });
});
