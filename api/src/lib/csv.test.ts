// `?format=csv` on every list, through HTTP: every matching row (the JSON list's `count`), the same
// filters, search and ordering, a dealer's own rows only, Russian titles, chosen columns, a BOM;
// money with a decimal comma, dates as `26.11.2026 14:05` (Moscow), statuses as words in the
// caller's language.
import { Type, type TSchema } from 'typebox';
import { areas } from '../areas';
import { parseCsv } from '../test/parse-csv';
import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';
import { cellText, COLUMN_TITLES, COLUMN_TITLES_EN, csvColumns, dateTimeText, escapeCell, type CsvColumn } from './csv';

describe.each(testDatabases())('CSV export of every list on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test']) token[email] = (await tokensFor(t.app, email)).access;
  }, 30_000);
  afterAll(async () => { await t?.close(); });

  const csv = async (url: string, email: string) => {
    const answer = await call(t.app, 'GET', url, { token: token[email] });
    return { ...answer, rows: answer.status === 200 ? parseCsv(answer.body.replace(/^\uFEFF/, '')) : [] };
  };
  const json = async (url: string, email: string) => (await call(t.app, 'GET', url, { token: token[email] })).json;

  const lists: Array<[string, string]> = [
    ...areas.filter((area) => area.path !== '/dp/' && area.path !== '/news/').map((area): [string, string] => [area.path, 'admin@demo.test']),
    ['/news/', 'dealer@demo.test'], ['/dp/', 'dealer@demo.test'], ['/orders/', 'dealer@demo.test'], ['/claims/', 'dealer@demo.test'], ['/attachments/', 'dealer@demo.test'],
  ];

  test.each(lists)('%s as %s: every row the list counts, a BOM, a file name, a Russian title per field', async (path, email) => {
    const answer = await csv(`/api${path}?format=csv`, email);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    const name = path === '/dp/' ? 'price-list' : path.replace(/\//g, '');
    expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const list = await json(`/api${path}`, email);
    expect(answer.rows.length - 1).toBe(list.count);
    const area = areas.find((a) => a.path === path)!;
    const fields = Object.keys(area.item.properties);
    const titles = fields.map((field) => area.csvTitles?.[field] ?? COLUMN_TITLES[field]);
    expect(answer.rows[0]).toEqual(titles);
    // A title for every field: none falls back to the field's own name; in English too.
    expect(titles.every((title) => typeof title === 'string' && title !== '')).toBe(true);
    expect(fields.filter((field) => !COLUMN_TITLES_EN[field])).toEqual([]);
    expect(answer.rows.every((row) => row.length === fields.length)).toBe(true);
  });

  test('filters, search and ordering are the JSON list\'s; ids come in the same order', async () => {
    const query = 'status=new&ordering=-total&search=20';
    const list = await json(`/api/orders/?${query}&page_size=500`, 'admin@demo.test');
    const answer = await csv(`/api/orders/?${query}&format=csv&fields=id,number,status,total`, 'admin@demo.test');
    expect(answer.rows[0]).toEqual(['ID', 'Номер', 'Статус', 'Итого']);
    expect(answer.rows.slice(1)).toEqual(list.results.map((o: { id: number; number: string; total: string }) => [String(o.id), o.number, 'Новый', o.total.replace('.', ',')]));
    expect(list.count).toBeGreaterThan(0);
  });

  test('money with a decimal comma and no quotes, dates dd.mm.yyyy hh:mm in Moscow time, statuses in Russian or in English', async () => {
    const order = (await json('/api/orders/?status=confirmed&page_size=1', 'admin@demo.test')).results[0];
    const query = `/api/orders/?format=csv&search=${order.number}&fields=number,status,total,created_at,history`;
    const answer = await call(t.app, 'GET', query, { token: token['admin@demo.test'] });
    const line = answer.body.replace(/^\uFEFF/, '').split('\r\n')[1];
    // `56658,00` stands bare between the separators: a Russian Excel reads it as a number.
    expect(line).toMatch(new RegExp(`^${order.number};Подтверждён;\\d+,\\d\\d;\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d;"\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d Новый; .+ Новый → Подтверждён"$`));
    const [, , total, createdAt] = parseCsv(line)[0];
    expect(total).toBe(order.total.replace('.', ','));
    const at = new Date(order.created_at);
    const moscow = new Date(at.getTime() + 3 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(createdAt).toBe(`${pad(moscow.getUTCDate())}.${pad(moscow.getUTCMonth() + 1)}.${moscow.getUTCFullYear()} ${pad(moscow.getUTCHours())}:${pad(moscow.getUTCMinutes())}`);
    const english = await call(t.app, 'GET', query, { token: token['admin@demo.test'], headers: { 'accept-language': 'en-US,en;q=0.9' } });
    const row = parseCsv(english.body.replace(/^\uFEFF/, ''))[1];
    expect(row.slice(1, 3)).toEqual(['Confirmed', total]);
    expect(row[4]).toMatch(/ New; .+ New → Confirmed$/);
    // Claims agree with «претензия», roles are words too.
    const claims = (await csv('/api/claims/?format=csv&fields=status,reason', 'admin@demo.test')).rows.slice(1);
    expect(claims.length).toBeGreaterThan(0);
    for (const [status, reason] of claims) {
      expect(['Новая', 'На рассмотрении', 'Принята', 'Отклонена', 'Закрыта']).toContain(status);
      expect(['Повреждение', 'Пересорт', 'Недовложение', 'Брак', 'Другое']).toContain(reason);
    }
    const users = await call(t.app, 'GET', '/api/users/?format=csv&fields=email,role&search=manager@demo.test', { token: token['admin@demo.test'], headers: { 'accept-language': 'en' } });
    expect(parseCsv(users.body.replace(/^\uFEFF/, ''))).toEqual([['Email', 'Role'], ['manager@demo.test', 'Manager']]);
    expect(parseCsv(english.body.replace(/^\uFEFF/, ''))[0]).toEqual(['Number', 'Status', 'Total', 'Created', 'Status history']);
  });

  test('the dealer\'s price list: the dealer\'s prices and discount as numbers, quantities as plain integers', async () => {
    const page = await json('/api/dp/?page_size=5&ordering=sku', 'dealer@demo.test');
    const answer = await csv('/api/dp/?format=csv&ordering=sku&fields=sku,price,dealer_price,discount_percent,available', 'dealer@demo.test');
    expect(answer.rows[0]).toEqual(['Артикул', 'Цена', 'Цена дилера', 'Скидка, %', 'Доступно']);
    expect(answer.rows.slice(1, 6)).toEqual(page.results.map((p: { sku: string; price: string; dealer_price: string; discount_percent: string; available: number }) => [
      p.sku, p.price.replace('.', ','), p.dealer_price.replace('.', ','), p.discount_percent.replace('.', ','), String(p.available),
    ]));
    expect(page.results.some((p: { price: string; dealer_price: string }) => p.price !== p.dealer_price)).toBe(true);
  });

  test('a dealer gets only its own rows; another dealer\'s are absent', async () => {
    const own = await json('/api/orders/?page_size=500', 'dealer@demo.test');
    expect(own.count).toBeGreaterThan(0);
    const ownDealer = String(own.results[0].dealer);
    const everyone = (await csv('/api/orders/?format=csv&fields=number,dealer', 'admin@demo.test')).rows.slice(1);
    const others = new Set(everyone.filter((row) => row[1] !== ownDealer).map((row) => row[0]));
    expect(others.size).toBeGreaterThan(0);
    const answer = await csv('/api/orders/?format=csv&fields=number,dealer', 'dealer@demo.test');
    const numbers = answer.rows.slice(1).map((row) => row[0]);
    expect(numbers.sort()).toEqual(own.results.map((o: { number: string }) => o.number).sort());
    expect(numbers.filter((n) => others.has(n))).toEqual([]);
    expect(new Set(answer.rows.slice(1).map((row) => row[1]))).toEqual(new Set([ownDealer]));
  });

  test('order lines read «SKU × qty; …», a document its name, booleans да/нет, timestamps as a Russian Excel reads them', async () => {
    const order = (await json('/api/orders/?page_size=1', 'admin@demo.test')).results[0];
    const answer = await csv(`/api/orders/?format=csv&search=${order.number}&fields=items,document,created_at`, 'admin@demo.test');
    expect(answer.rows[1][0]).toBe(order.items.map((line: { sku: string; quantity: number }) => `${line.sku} × ${line.quantity}`).join('; '));
    expect(answer.rows[1][1]).toBe(order.document?.name ?? '');
    expect(answer.rows[1][2]).toBe(dateTimeText(order.created_at));
    expect(answer.rows[1][2]).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    const users = await csv('/api/users/?format=csv&fields=email,is_active&search=admin@demo.test', 'admin@demo.test');
    expect(users.rows[1]).toEqual(['admin@demo.test', 'да']);
  });

  test('a text that Excel would run as a formula is written as text, a phone number too (OWASP: no exceptions by look)', async () => {
    const created = await call(t.app, 'POST', '/api/variable/create/', { token: token['admin@demo.test'], body: { key: 'csv_formula', value: '=HYPERLINK("http://evil.test","x")', description: '+7 900 000-00-00' } });
    expect(created.status).toBe(201);
    const answer = await csv('/api/variables/?format=csv&fields=key,value,description&search=csv_formula', 'admin@demo.test');
    expect(answer.rows[1]).toEqual(['csv_formula', '\'=HYPERLINK("http://evil.test","x")', '\'+7 900 000-00-00']);
  });

  test('a value with a bare line break stays one cell of one row, so what follows the break never begins a row; fullwidth signs are escaped (issue 30 item 1)', async () => {
    const created = await call(t.app, 'POST', '/api/variable/create/', { token: token['admin@demo.test'], body: { key: 'csvline_break', value: 'a\n=1+1', description: 'b\r+1+1\r\n@SUM(1)' } });
    expect(created.status).toBe(201);
    const fullwidth = await call(t.app, 'POST', '/api/variable/create/', { token: token['admin@demo.test'], body: { key: 'csvline_fullwidth', value: '\uFF1D1+1', description: '\uFF20SUM(1)' } });
    expect(fullwidth.status).toBe(201);
    const answer = await csv('/api/variables/?format=csv&fields=key,value,description&search=csvline&ordering=key', 'admin@demo.test');
    expect(answer.rows).toEqual([
      ['Ключ', 'Значение', 'Описание'],
      ['csvline_break', 'a\n=1+1', 'b\r+1+1\r\n@SUM(1)'],
      ['csvline_fullwidth', '\'\uFF1D1+1', '\'\uFF20SUM(1)'],
    ]);
  });

  test('?fields picks and orders the columns; an unknown or inherited name is a 400 naming it', async () => {
    const answer = await csv('/api/orders/?format=csv&fields=total,number', 'admin@demo.test');
    expect(answer.rows[0]).toEqual(['Итого', 'Номер']);
    for (const name of ['password_hash', 'constructor', '__proto__']) {
      const refused = await call(t.app, 'GET', `/api/orders/?format=csv&fields=number,${name}`, { token: token['admin@demo.test'] });
      expect([name, refused.status]).toEqual([name, 400]);
      expect(refused.json).toEqual({ message: expect.any(String), code: 'invalid', fields: { [`fields.${name}`]: [expect.any(String)] } });
    }
    for (const query of ['fields=', 'fields=a,,b', 'fields=Number', 'format=xml', 'format=csv&ordering=constructor']) {
      const refused = await call(t.app, 'GET', `/api/orders/?${query}`, { token: token['admin@demo.test'] });
      expect([query, refused.status]).toEqual([query, 400]);
      expect(refused.json).toEqual(expect.objectContaining({ message: expect.any(String), code: 'invalid', fields: expect.any(Object) }));
    }
  });

  test('the list permission: a dealer may not export the staff\'s lists (404), a visitor nothing (401)', async () => {
    expect((await call(t.app, 'GET', '/api/newsletters/?format=csv', { token: token['dealer@demo.test'] })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/users/?format=csv', { token: token['manager@demo.test'] })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/orders/?format=csv')).status).toBe(401);
  });

  test('more rows than one batch: every one, once, in the list\'s order', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 1_150 }, (_, i) => ({
      title: `Пакет ${i}`, body: '', audience_group_id: null, published: false, published_at: null, created_at: new Date(now - i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100) await t.app.db.insertInto('newsletters').values(rows.slice(i, i + 100)).execute();
    const pages = [];
    for (let page = 1; page <= 3; page += 1) pages.push(...(await json(`/api/newsletters/?search=Пакет&ordering=title&page_size=500&page=${page}`, 'manager@demo.test')).results);
    const answer = await csv('/api/newsletters/?search=Пакет&ordering=title&format=csv&fields=id,title', 'manager@demo.test');
    expect(answer.rows.length - 1).toBe(1_150);
    expect(answer.rows.slice(1)).toEqual(pages.map((n: { id: number; title: string }) => [String(n.id), n.title]));
  });
});

describe('escaping a cell against formulas (OWASP), whatever the value', () => {
  const column = (schema: TSchema = Type.String(), field = 'x'): CsvColumn => csvColumns(Type.Object({ [field]: schema }), undefined, {}, { list: 'orders' })[0];
  const dangerous = ['=HYPERLINK("http://evil.test?"&CHAR(104),"x")', '+1+1', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0', '\t=1', '\r=1', '-5', '+7 900 000-00-00',
    '\uFF1D1+1', '\uFF0B1+1', '\uFF0D2+3', '\uFF20SUM(1)'];

  test.each(dangerous)('%j as a plain value', (text) => {
    expect(escapeCell(text)).toBe(`'${text}`);
    expect(cellText(text, column())).toBe(`'${text}`);
  });

  test('safe text is left alone, an escaped one is not escaped twice by its own quote', () => {
    for (const text of ['ООО Ромашка', '12.50', '', ' =1', "'=1", 'a=b']) expect(escapeCell(text)).toBe(text);
  });

  test('nested values: file names, documents, same_tax_id, order lines, any object are escaped', () => {
    // A document (an object with a name), as orders, deletion requests and shipments give it.
    expect(cellText({ id: 1, name: '=HYPERLINK("http://evil.test","x")', url: '/x' }, column(Type.Unknown()))).toBe('\'=HYPERLINK("http://evil.test","x")');
    // A claim's files: every name escaped where it stands, and the cell as a whole.
    const files = [{ name: '-2+3+cmd' }, { name: 'ok.pdf' }, { name: '@evil' }];
    expect(cellText(files, column(Type.Unknown()))).toBe("'-2+3+cmd; ok.pdf; '@evil");
    // same_tax_id of a registration request: a visitor's company name.
    expect(cellText([{ kind: 'request', id: 3, name: '+cmd' }], column(Type.Unknown()))).toBe("'+cmd");
    // An order line whose SKU begins with a sign; a user by an address; an object with no known shape.
    expect(cellText([{ sku: '-SKU', quantity: 2 }], column(Type.Unknown()))).toBe("'-SKU × 2");
    expect(cellText({ email: '=x@evil.test' }, column(Type.Unknown()))).toBe("'=x@evil.test");
    expect(cellText({ a: 1 }, column(Type.Unknown()))).toBe('{"a":1}');
    // A status history whose `from` is missing starts with the date: nothing to escape.
    expect(cellText([{ to: 'new', when: '2026-01-01T00:00:00Z' }], column(Type.Unknown(), 'history'))).toBe('01.01.2026 03:00 Новый');
  });

  test('a number column writes exactly a number bare, a negative one too (`-5`, `-5,00`): nothing else fits in it', () => {
    expect(cellText(-5, column(Type.Integer(), 'quantity'))).toBe('-5');
    expect(cellText(12, column(Type.Integer(), 'quantity'))).toBe('12');
    expect(cellText('-5.00', column(Type.String(), 'total'))).toBe('-5,00');
    expect(cellText('4790.00', column(Type.String(), 'price'))).toBe('4790,00');
    expect(cellText('5.00', column(Type.String(), 'discount_percent'))).toBe('5,00');
    // What is not exactly a number in a number column is text, and escaped.
    expect(cellText('-2+3+cmd|\' /C calc\'!A0', column(Type.String(), 'total'))).toBe('\'-2+3+cmd|\' /C calc\'!A0');
    expect(cellText('=1+1', column(Type.String(), 'price'))).toBe('\'=1+1');
    expect(cellText('-5', column(Type.String(), 'sku'))).toBe("'-5");
    expect(cellText(true, column(Type.Boolean()))).toBe('да');
    expect(cellText(true, column(Type.Boolean()), 'en')).toBe('yes');
    expect(cellText(null, column())).toBe('');
  });

  test('moments in Moscow time (UTC+3 today, UTC+4 in 2012), dates as dd.mm.yyyy; a status without a word stays as it is', () => {
    expect(cellText('2026-11-26T21:30:00.123Z', column(Type.String({ format: 'date-time' })))).toBe('27.11.2026 00:30');
    expect(cellText('2012-06-01T12:00:00Z', column(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])))).toBe('01.06.2012 16:00');
    expect(cellText('2026-11-26', column(Type.String({ format: 'date' })))).toBe('26.11.2026');
    expect(cellText('confirmed', column(Type.String(), 'status'))).toBe('Подтверждён');
    expect(cellText('=odd', column(Type.String(), 'status'))).toBe("'=odd");
  });
});
