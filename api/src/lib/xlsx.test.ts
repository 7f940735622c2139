// `?format=xlsx` on every list, through HTTP, opened back with exceljs: the same rows as the CSV,
// numbers as numbers (money formatted), moments as dates, the header bold and frozen, hostile text
// a string cell and never a formula.
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Type } from 'typebox';
import { areas } from '../areas';
import { parseCsv } from '../test/parse-csv';
import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';
import { csvColumns } from './csv';
import { writeXlsx, XLSX_CONTENT_TYPE } from './xlsx';

const pad = (n: number) => String(n).padStart(2, '0');
/** A date cell as the CSV writes it (exceljs reads the wall clock back as UTC). */
const dateText = (d: Date, withTime: boolean) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}${withTime ? ` ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : ''}`;

describe.each(testDatabases())('xlsx export of every list on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['admin@demo.test', 'dealer@demo.test']) token[email] = (await tokensFor(t.app, email)).access;
  }, 30_000);
  afterAll(async () => { await t?.close(); });

  const get = (url: string, email: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...headers, authorization: `Bearer ${token[email]}` } });
  const workbook = async (url: string, email: string, headers: Record<string, string> = {}) => {
    const answer = await get(url, email, headers);
    expect([url, answer.statusCode]).toEqual([url, 200]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    return { answer, sheet: book.worksheets[0] };
  };
  const csvRows = async (url: string, email: string, headers: Record<string, string> = {}) => parseCsv((await get(url, email, headers)).body.replace(/^\uFEFF/, ''));

  const lists: Array<[string, string]> = [
    ...areas.filter((area) => area.path !== '/dp/' && area.path !== '/news/').map((area): [string, string] => [area.path, 'admin@demo.test']),
    ['/news/', 'dealer@demo.test'], ['/dp/', 'dealer@demo.test'], ['/orders/', 'dealer@demo.test'],
  ];

  test.each(lists)('%s as %s: the CSV\'s rows, numbers as numbers, moments as dates, no formula, the header bold and frozen', async (path, email) => {
    const { answer, sheet } = await workbook(`/api${path}?format=xlsx`, email);
    expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const name = path === '/dp/' ? 'price-list' : path.replace(/\//g, '');
    expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`));
    expect(sheet.views[0]).toEqual(expect.objectContaining({ state: 'frozen', ySplit: 1 }));
    const csv = await csvRows(`/api${path}?format=csv`, email);
    expect(sheet.rowCount).toBe(csv.length);
    let numbers = 0;
    for (let r = 1; r <= sheet.rowCount; r += 1) {
      const row = sheet.getRow(r);
      for (let c = 1; c <= csv[0].length; c += 1) {
        const cell = row.getCell(c);
        const expected = csv[r - 1][c - 1];
        const where = `${path} row ${r} ${csv[0][c - 1]}`;
        expect([where, cell.type === ExcelJS.ValueType.Formula]).toEqual([where, false]);
        if (r === 1) {
          expect([where, cell.value, cell.font?.bold]).toEqual([where, expected, true]);
        } else if (typeof cell.value === 'number') {
          numbers += 1;
          // `4790,00` in the CSV is the number 4790 here.
          expect([where, cell.value]).toEqual([where, Number(expected.replace(',', '.'))]);
          expect(expected).toMatch(/^-?\d+(,\d+)?$/);
        } else if (cell.value instanceof Date) {
          expect([where, dateText(cell.value, expected.includes(':'))]).toEqual([where, expected]);
        } else {
          expect([where, cell.type === ExcelJS.ValueType.Null ? '' : cell.value]).toEqual([where, expected]);
        }
      }
    }
    if (csv.length > 1) expect(numbers).toBeGreaterThan(0);
  });

  test('the dealer\'s price list: the dealer\'s prices as money, available as a grouped number, the list\'s filters and ordering', async () => {
    const page = await call(t.app, 'GET', '/api/dp/?ordering=-price&page_size=500', { token: token['dealer@demo.test'] });
    const { sheet } = await workbook('/api/dp/?format=xlsx&ordering=-price&fields=sku,name,price,dealer_price,discount_percent,available', 'dealer@demo.test');
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual(['Артикул', 'Название', 'Цена', 'Цена дилера', 'Скидка, %', 'Доступно']);
    const results = page.json.results as Array<{ sku: string; price: string; dealer_price: string; discount_percent: string; available: number }>;
    expect(sheet.rowCount - 1).toBe(page.json.count);
    results.forEach((product, i) => {
      const row = sheet.getRow(i + 2);
      expect([row.getCell(1).value, row.getCell(3).value, row.getCell(4).value, row.getCell(5).value, row.getCell(6).value])
        .toEqual([product.sku, Number(product.price), Number(product.dealer_price), Number(product.discount_percent), product.available]);
    });
    expect(results.some((p) => p.price !== p.dealer_price)).toBe(true);
    const second = sheet.getRow(2);
    expect(second.getCell(4).numFmt).toBe('#,##0.00 "₽"');
    expect(second.getCell(6).numFmt).toBe('#,##0');
  });

  test('statuses as words in the caller\'s language, moments as dates in Moscow time', async () => {
    const order = (await call(t.app, 'GET', '/api/orders/?status=confirmed&page_size=1', { token: token['admin@demo.test'] })).json.results[0];
    const url = `/api/orders/?format=xlsx&search=${order.number}&fields=number,status,total,created_at`;
    const russian = (await workbook(url, 'admin@demo.test')).sheet.getRow(2);
    expect(russian.getCell(2).value).toBe('Подтверждён');
    expect(russian.getCell(3).value).toBe(Number(order.total));
    const created = russian.getCell(4).value as Date;
    expect(created.getTime()).toBe(new Date(order.created_at).setUTCMilliseconds(0) + 3 * 3600_000);
    expect(russian.getCell(4).numFmt).toBe('dd.mm.yyyy hh:mm');
    const english = (await workbook(url, 'admin@demo.test', { 'accept-language': 'en' })).sheet;
    expect(english.getRow(2).getCell(2).value).toBe('Confirmed');
  });

  test('a formula-looking text is a string cell with the CSV\'s escaping, never a formula', async () => {
    const hostile = ['=HYPERLINK("http://evil.test","x")', '+7 900 000-00-00', '@SUM(1+1)', '-2+3+cmd|\' /C calc\'!A0'];
    for (const [i, value] of hostile.entries()) {
      const created = await call(t.app, 'POST', '/api/variable/create/', { token: token['admin@demo.test'], body: { key: `xlsx_formula_${i}`, value, description: value } });
      expect(created.status).toBe(201);
    }
    const { sheet } = await workbook('/api/variables/?format=xlsx&fields=key,value,description&search=xlsx_formula&ordering=key', 'admin@demo.test');
    expect(sheet.rowCount).toBe(hostile.length + 1);
    hostile.forEach((value, i) => {
      for (const c of [2, 3]) {
        const cell = sheet.getRow(i + 2).getCell(c);
        expect([value, cell.type, cell.formula, cell.value]).toEqual([value, ExcelJS.ValueType.String, undefined, `'${value}`]);
      }
    });
  });

  test('more rows than one batch: every one, in the list\'s order', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 1_150 }, (_, i) => ({
      title: `Xlsx ${i}`, body: '', audience_group_id: null, published: false, published_at: null, created_at: new Date(now - i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 100) await t.app.db.insertInto('newsletters').values(rows.slice(i, i + 100)).execute();
    const { sheet } = await workbook('/api/newsletters/?search=Xlsx&ordering=title&format=xlsx&fields=id,title', 'admin@demo.test');
    const csv = await csvRows('/api/newsletters/?search=Xlsx&ordering=title&format=csv&fields=id,title', 'admin@demo.test');
    expect(sheet.rowCount).toBe(1_151);
    const read: string[][] = [];
    sheet.eachRow((row) => read.push([String(row.getCell(1).value), String(row.getCell(2).value)]));
    expect(read).toEqual(csv);
  });

  test('format=xlsx is refused like any bad query value; the permission holds', async () => {
    expect((await call(t.app, 'GET', '/api/orders/?format=xls', { token: token['admin@demo.test'] })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/orders/?format=xlsx&fields=nope', { token: token['admin@demo.test'] })).json)
      .toEqual({ message: expect.any(String), code: 'invalid', fields: { 'fields.nope': [expect.any(String)] } });
    expect((await call(t.app, 'GET', '/api/users/?format=xlsx', { token: token['dealer@demo.test'] })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/orders/?format=xlsx')).status).toBe(401);
  });
});

describe('writing an xlsx to a reader', () => {
  test('a reader that stops reading and goes away ends the reading of the list: not one more batch is read', async () => {
    const columns = csvColumns(Type.Object({ id: Type.Integer(), name: Type.String() }), undefined);
    let read = 0;
    async function* batches() {
      for (let b = 0; b < 1_000; b += 1) {
        read += 1;
        yield Array.from({ length: 500 }, (_, i) => ({ id: b * 500 + i, name: `Товар ${b * 500 + i}` }));
      }
    }
    let received: () => void = () => undefined;
    const first = new Promise<void>((resolve) => { received = resolve; });
    // Takes one chunk and never asks for the next.
    const reader = new Writable({ highWaterMark: 1024, write(_chunk, _encoding, _done) { received(); } });
    const writing = writeXlsx(reader, 'x', columns, batches());
    await first;
    const readWhenStuck = read;
    reader.destroy();
    await expect(writing).rejects.toThrow('went away');
    expect(read).toBe(readWhenStuck);
    expect(read).toBeLessThan(1_000);
  });
});
