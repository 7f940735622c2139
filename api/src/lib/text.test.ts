// Direction controls, zero-width and control characters are taken out of every text a client
// writes (issue 17 item 5): through the API, JSON and multipart alike, and file names.
import { Type } from 'typebox';
import { validatorCompiler } from '../plugins/validation';
import { call, client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from '../test/test-app';
import { longText, singleLine } from './text';

const DIRECTION = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u034f'];
const UNSEEN = [...DIRECTION, ...ZERO_WIDTH, '\u0007', '\u001b', '\u007f', '\u0085'];
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('single lines and long texts', () => {
  test.each(UNSEEN.map((c) => [c.codePointAt(0)!.toString(16), c]))('U+%s is taken out of both', (_code, c) => {
    expect(singleLine(`Ромашка${c}ООО`)).toBe(c === '\u0085' ? 'Ромашка ООО' : 'РомашкаООО');
    expect(longText(`Ромашка${c}ООО`)).toBe(c === '\u0085' ? 'Ромашка\nООО' : 'РомашкаООО');
  });

  test('a single line has no line breaks or tabs (each a space); a long text keeps them', () => {
    expect(singleLine('ООО\r\nРомашка\tи\nко\u2028\u2029')).toBe('ООО Ромашка и ко  ');
    expect(longText('Строка 1\r\nСтрока 2\n\tотступ\u2028конец')).toBe('Строка 1\r\nСтрока 2\n\tотступ\nконец');
  });

  test('what is seen stays: letters of any script, emoji, combining marks, spaces', () => {
    for (const text of ['Ёлка', 'Straße', 'שלום', 'مرحبا', '😀', 'é', 'a  b', '']) {
      expect(singleLine(text)).toBe(text);
      expect(longText(text)).toBe(text);
    }
  });

  test('the body validator keeps passwords and tokens as sent, and cleans the rest by the field\'s maxLength', () => {
    const schema = Type.Object({ name: Type.String({ maxLength: 200 }), comment: Type.String({ maxLength: 5000 }), password: Type.String(), refresh: Type.String() });
    const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '/x' }) as (value: unknown) => { value?: unknown; error?: unknown };
    const result = validate({ name: 'a\u202e\nb', comment: 'a\u202e\nb', password: 'pa\u200bss\u202e\n', refresh: 'x\u200b' });
    expect(result).toEqual({ value: { name: 'a b', comment: 'a\nb', password: 'pa\u200bss\u202e\n', refresh: 'x\u200b' } });
  });
});

describe.each(testDatabases())('texts written through the API on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let dealer: Client;
  let manager: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = client(t.app, (await tokensFor(t.app, 'admin@demo.test')).access);
    dealer = client(t.app, (await tokensFor(t.app, 'dealer@demo.test')).access);
    manager = client(t.app, (await tokensFor(t.app, 'manager@demo.test')).access);
  });
  afterAll(async () => { await t?.close(); });

  test('a dealer\'s name with U+202E and zero-width characters comes back without them; a line break in a name is a space', async () => {
    const created = await admin.post('/api/dealers/', { name: `Ромашка\u202eООО\u200b\u2066`, legal_name: 'ООО\n«Ромашка»', address: 'Москва,\nул. Ленина, 1\u202e', group: null });
    expect(created.status).toBe(201);
    expect([created.json.name, created.json.legal_name, created.json.address]).toEqual(['РомашкаООО', 'ООО «Ромашка»', 'Москва,\nул. Ленина, 1']);
    const row = await t.app.db.selectFrom('dealers').select(['name', 'legal_name']).where('id', '=', created.json.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'РомашкаООО', legal_name: 'ООО «Ромашка»' });
    // Found by the name it reads as.
    expect((await admin.get('/api/dealers/?search=РомашкаООО')).json.count).toBe(1);
  });

  test('a visitor\'s company name and contact (registration) lose them too; the comment keeps its line breaks (the area trims its ends)', async () => {
    const sent = await call(t.app, 'POST', '/api/regreq/', { body: {
      company_name: 'ООО \u202eакшамоР', tax_id: '7712345671', contact_name: 'Иван\u200d Петров', email: 'ivan.text@example.test', phone: '+7 495 111-22-33',
      comment: 'Первая строка\r\nВторая\u2067 строка\n',
    } });
    expect(sent.status).toBe(201);
    const row = await t.app.db.selectFrom('registration_requests').select(['company_name', 'contact_name', 'comment']).where('id', '=', sent.json.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ company_name: 'ООО акшамоР', contact_name: 'Иван Петров', comment: 'Первая строка\r\nВторая строка' });
  });

  test('an order\'s comment keeps its line breaks and loses the controls', async () => {
    const product = (await admin.get('/api/products/?is_active=true&ordering=-price&page_size=1')).json.results[0];
    const quantity = Math.max(1, Math.ceil(5_000 / Number(product.price)));
    const order = await dealer.post('/api/orders/', { items: [{ product: product.id, quantity }], comment: 'Доставка:\nпосле 10:00\u202e\u200b\n\tподъезд 2' });
    expect(order.status).toBe(201);
    expect(order.json.comment).toBe('Доставка:\nпосле 10:00\n\tподъезд 2');
  });

  test('a multipart upload: its file name with zero-width characters is stored without them, its text fields cleaned like JSON', async () => {
    const created = await dealer.form('POST', '/api/attachments/', { description: 'Акт\u200b\r\nсверки\u202e' }, { name: 'сч\u200bёт\u2060\ufeff\u200c.pdf', type: 'application/pdf', data: pdf, field: 'file' });
    expect(created.status).toBe(201);
    expect([created.json.name, created.json.description]).toEqual(['счёт.pdf', 'Акт\r\nсверки']);
    const stored = await t.app.db.selectFrom('attachments').innerJoin('stored_files', 'stored_files.id', 'attachments.file_id')
      .select(['attachments.name as attachment', 'stored_files.name as file']).where('attachments.id', '=', created.json.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ attachment: 'счёт.pdf', file: 'счёт.pdf' });
    // A name given in the form is a single line as well.
    const named = await manager.form('POST', '/api/attachments/', { name: 'Прайс\n2026\u2069.pdf' }, { name: 'x.pdf', type: 'application/pdf', data: pdf, field: 'file' });
    expect(named.json.name).toBe('Прайс 2026.pdf');
  });

  test('a required name of unseen characters alone is blank (400 naming it); one too long is too long, whatever it holds', async () => {
    const blank = await admin.post('/api/dealergroups/', { name: '\u202e\u200b\u2060', discount_percent: '1.00' });
    expect([blank.status, Object.keys(blank.json.fields ?? {})]).toEqual([400, ['name']]);
    const long = await admin.post('/api/dealergroups/', { name: '\u200b'.repeat(201), discount_percent: '1.00' });
    expect([long.status, Object.keys(long.json.fields ?? {})]).toEqual([400, ['name']]);
    // A NUL is refused, as before, not quietly taken out.
    const nul = await admin.post('/api/dealergroups/', { name: 'a\u0000b', discount_percent: '1.00' });
    expect(nul.status).toBe(400);
  });
});
