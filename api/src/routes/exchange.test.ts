// The exchange with 1C (issue 33, design §5-6): `/api/exchange/1c/` driven over HTTP as 1C drives
// it (checkauth → init → file in parts → import until success; sale query → success → file), with
// CommerceML files of our own making in the published schemas' shapes (test/commerceml.ts); the
// exchange accounts, the runs and sending an order again.
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { cp1251, importXml, offersXml, oneC, orderChangesXml, type ProductSpec } from '../test/commerceml';
import { orderWorld, type OrderWorld } from '../test/order-world';
import { call, testDatabases } from '../test/test-app';

describe.each(testDatabases())('exchange with 1C on %s', (kind) => {
  let w: OrderWorld;
  let account: { login: string; key: string };
  beforeAll(async () => {
    w = await orderWorld(kind);
    // Small parts and short steps, so that a file comes in several posts and a long import answers `progress`.
    w.t.app.config.exchange = { fileLimitMb: 2000 / 1048576, limitMb: 5, stepSeconds: 0.001 };
    // Every checkauth counts against the address's sign-in limit; this file signs 1C in many times in a minute.
    w.t.app.config.rateLimits.login = { max: 10_000, windowMs: 60_000 };
    const created = await w.admin.post('/api/exchange/accounts/', { login: 'onec' });
    account = { login: created.json.login, key: created.json.key };
  }, 60_000);
  afterAll(async () => { await w?.close(); });

  const db = () => w.t.app.db;
  const productBy = (externalId: string) => db().selectFrom('products').selectAll().where('external_id', '=', externalId).executeTakeFirst();
  const stockOf = async (productId: number) => Object.fromEntries((await db().selectFrom('store_items').select(['warehouse', 'quantity']).where('product_id', '=', productId).execute())
    .map((row) => [row.warehouse, row.quantity]));
  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['products', 'store_items', 'stock_movements', 'exchange_groups', 'exchange_warehouses'] as const) {
      counts[table] = Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    }
    const versions = await db().selectFrom('data_versions').select(['name', 'version']).where('name', 'in', ['products', 'store_items', 'stock_movements']).execute();
    for (const row of versions) counts[`version ${row.name}`] = Number(row.version);
    return counts;
  };
  const lastRun = async () => (await w.admin.get('/api/exchange/runs/?page_size=1')).json.results[0];

  const groups = [{ id: 'g-el', name: 'Электрика', groups: [{ id: 'g-auto', name: 'Автоматы' }] }, { id: 'g-cab', name: 'Кабель' }];
  const priceTypes = [{ id: 'pt-retail', name: 'Розничная' }, { id: 'pt-whole', name: 'Оптовая' }];

  test('accounts: the admin makes one and sees its key once; the key is never listed; staff and dealers cannot reach them', async () => {
    const created = await w.admin.post('/api/exchange/accounts/', { login: 'onec-second' });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(Number), login: 'onec-second', key: expect.stringMatching(/^pex_[A-Za-z0-9_-]{32}$/) });
    const list = await w.admin.get('/api/exchange/accounts/');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).not.toContain(created.json.key);
    expect(list.json.map((a: { login: string }) => a.login)).toEqual(expect.arrayContaining(['onec', 'onec-second']));
    expect((await w.admin.post('/api/exchange/accounts/', { login: 'onec-second' })).status).toBe(409);
    expect((await w.admin.post('/api/exchange/accounts/', { login: 'bad login' })).json.fields.login).toBeDefined();
    for (const who of [w.manager, w.dealerA]) {
      expect((await who.get('/api/exchange/accounts/')).status).toBe(404);
      expect((await who.post('/api/exchange/accounts/', { login: 'sneaky' })).status).toBe(404);
      expect((await who.get('/api/exchange/runs/')).status).toBe(404);
    }
    // An account signs in nowhere else: its key is no token, its login no email.
    expect((await call(w.t.app, 'GET', '/api/users/me/', { token: created.json.key })).status).toBe(401);
    // Deleting the account ends what it does: its open session and any new one.
    const open = oneC(w.t.app, created.json);
    expect((await open.checkauth()).lines[0]).toBe('success');
    expect((await w.admin.del(`/api/exchange/accounts/${created.json.id}/`)).status).toBe(204);
    expect((await open.init()).lines[0]).toBe('failure');
    expect((await oneC(w.t.app, created.json).checkauth()).lines[0]).toBe('failure');
    expect((await w.admin.del(`/api/exchange/accounts/${created.json.id}/`)).status).toBe(404);
    const audit = (await w.admin.get('/api/audit/?target_type=exchange_account&page_size=10')).json.results.map((r: { action: string }) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['exchange_account.created', 'exchange_account.deleted']));
  });

  test('checkauth: wrong credentials answer failure with a reason; right ones a cookie every later call needs', async () => {
    const wrong = await oneC(w.t.app, { login: 'onec', key: 'pex_wrong' }).checkauth();
    expect(wrong.status).toBe(401);
    expect(wrong.lines.slice(0, 2)).toEqual(['failure', 'Неверный логин или ключ учётной записи обмена']);
    const none = await oneC(w.t.app, account).send('GET', 'checkauth');
    expect(none.lines[0]).toBe('failure');
    const client = oneC(w.t.app, account);
    const ok = await client.checkauth();
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(ok.lines[0]).toBe('success');
    expect(ok.lines[1]).toBe('portal_exchange');
    expect(ok.lines[2]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await client.init()).lines.slice(0, 2)).toEqual(['zip=yes', 'file_limit=2000']);
    // Without the cookie nothing goes.
    const stranger = await oneC(w.t.app, account).send('GET', 'init');
    expect(stranger.status).toBe(401);
    expect(stranger.lines[0]).toBe('failure');
    // A user's token is no exchange account.
    const bearer = await w.t.app.inject({ method: 'GET', url: '/api/exchange/1c/?type=catalog&mode=init', headers: { authorization: `Bearer ${(await w.t.app.tokens.issue({ id: 1, email: 'admin@demo.test', role: 'admin', dealer_id: null, contract_signed: true })).access}` } });
    expect(bearer.body.split('\n')[0]).toBe('failure');
    const bad = await client.send('GET', 'nonsense');
    expect(bad.status).toBe(400);
    expect(bad.lines[0]).toBe('failure');
  });

  test('runs are kept 90 days: an older one goes, with its files, when the next exchange begins', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    const { id } = await db().insertInto('exchange_runs').values({ kind: 'catalog', account_id: null, account_login: 'old', session_hash: 'x'.repeat(64), started_at: old, last_seen_at: old, status: 'success' })
      .returning('id').executeTakeFirstOrThrow();
    const file = await db().insertInto('exchange_files').values({ run_id: id, name: 'import.xml', status: 'done', created_at: old }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('exchange_file_parts').values({ file_id: file.id, part: 0, data: Buffer.from('<x/>') }).execute();
    expect((await oneC(w.t.app, account).checkauth()).lines[0]).toBe('success');
    expect(await db().selectFrom('exchange_runs').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('exchange_file_parts').select('part').where('file_id', '=', file.id).executeTakeFirst()).toBeUndefined();
    expect((await w.admin.get(`/api/exchange/runs/${id}/`)).status).toBe(404);
  });

  test('posts at once to one exchange all land, each part once, in the order taken', async () => {
    const client = oneC(w.t.app, account);
    await client.checkauth();
    const parts = Array.from({ length: 12 }, (_, i) => Buffer.from(`<!-- part ${String(i).padStart(2, '0')} -->\n`));
    const answers = await Promise.all(parts.map((body) => client.send('POST', 'file', { filename: 'import.xml', body })));
    expect(answers.map((a) => a.lines[0])).toEqual(parts.map(() => 'success'));
    const run = await lastRun();
    const file = run.files.find((f: { name: string }) => f.name === 'import.xml');
    const total = parts.reduce((sum, part) => sum + part.length, 0);
    expect(file.size).toBe(total);
    // What the exchange's limit is checked against counted every post once.
    expect(Number((await db().selectFrom('exchange_runs').select('bytes').where('id', '=', run.id).executeTakeFirstOrThrow()).bytes)).toBe(total);
    const stored = (await w.admin.download(`/api/exchange/runs/${run.id}/files/${file.id}/`)).bytes.toString();
    expect(stored.split('\n').filter(Boolean).sort()).toEqual(parts.map((p) => p.toString().trim()).sort());
  });

  test('checkauth is limited per client address by the sign-in\'s own limit (LOGIN_RATE_LIMIT), right keys too', async () => {
    const limit = w.t.app.config.rateLimits.login;
    w.t.app.config.rateLimits.login = { max: 1, windowMs: 60_000 };
    try {
      await oneC(w.t.app, account).checkauth();
      const refused = await oneC(w.t.app, account).checkauth();
      expect(refused.status).toBe(429);
      expect(refused.lines.slice(0, 2)).toEqual(['failure', 'Слишком много попыток входа: повторите позже']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      w.t.app.config.rateLimits.login = limit;
    }
    expect((await oneC(w.t.app, account).checkauth()).lines[0]).toBe('success');
  });

  test('wrong keys are limited like sign-ins: past the limit the account answers 429 failure with Retry-After', async () => {
    await w.admin.post('/api/exchange/accounts/', { login: 'onec-limited' });
    let last;
    for (let i = 0; i < 6; i++) last = await oneC(w.t.app, { login: 'onec-limited', key: 'pex_guess' }).checkauth();
    expect(last!.status).toBe(429);
    expect(last!.lines[0]).toBe('failure');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a 2.05 exchange: import.xml and offers.xml in parts; groups become nested categories, the chosen price type sets prices, the whole quantity goes to the main warehouse', async () => {
    expect((await w.admin.post('/api/variable/create/', { key: 'exchange_price_type', value: 'Оптовая', description: 'Тип цен из 1С' })).status).toBe(201);
    const products: ProductSpec[] = [
      { id: 'p-1', sku: 'AV-16', name: 'Автомат 16А', group: 'g-auto', description: 'Однополюсный' },
      { id: 'p-2', sku: 'KAB 3x2,5', name: 'Кабель ВВГ 3×2,5', group: 'g-cab', unit: 'м' },
      { id: 'p-3', name: 'Без артикула и группы' },
    ];
    const client = oneC(w.t.app, account);
    const [catalog, offers] = await client.exchange([
      ['import.xml', importXml({ version: '2.05', groups, products })],
      ['offers.xml', offersXml({ version: '2.05', priceTypes, offers: [
        { id: 'p-1', prices: { 'pt-retail': '500.00', 'pt-whole': '412.35' }, stock: 17 },
        { id: 'p-2', prices: { 'pt-whole': '1 234,5' }, stock: '250.000' },
        { id: 'p-3', prices: { 'pt-whole': '10' }, stock: 0 },
        { id: 'p-unknown', prices: { 'pt-whole': '1' }, stock: 5 },
      ] })],
    ]);
    expect(catalog.lines[0]).toBe('success');
    expect(offers.lines[0]).toBe('success');
    const p1 = await productBy('p-1');
    expect(p1).toMatchObject({ sku: 'AV-16', name: 'Автомат 16А', category: 'Электрика / Автоматы', description: 'Однополюсный', unit: 'шт' });
    expect(Number(p1!.price_cents)).toBe(41235);
    const p2 = await productBy('p-2');
    expect(p2).toMatchObject({ sku: 'KAB-3x25', category: 'Кабель', unit: 'м' });
    expect(Number(p2!.price_cents)).toBe(123450);
    expect(await productBy('p-3')).toMatchObject({ sku: 'p-3', category: 'Без группы' });
    expect(await stockOf(p1!.id)).toEqual({ 'Основной склад': 17 });
    expect(await stockOf(p2!.id)).toEqual({ 'Основной склад': 250 });
    const movement = await db().selectFrom('stock_movements').selectAll().innerJoin('store_items', 'store_items.id', 'stock_movements.store_item_id')
      .where('store_items.product_id', '=', p1!.id).executeTakeFirstOrThrow();
    const run = await lastRun();
    expect(movement).toMatchObject({ kind: 'correction', quantity: 17, change: 17, total: 17, reason: 'Обмен с 1С', exchange_run_id: run.id, created_by: null });
    expect(run).toMatchObject({ kind: 'catalog', account: 'onec', status: 'success', created: 3, updated: 3, withdrawn: 0, skipped: 1 });
    expect(run.files.map((f: { name: string; status: string }) => [f.name, f.status])).toEqual([['import.xml', 'done'], ['offers.xml', 'done']]);
    expect(run.errors).toEqual([expect.objectContaining({ file: 'offers.xml', element: expect.stringContaining('Ид p-unknown'), message: expect.stringContaining('Товар не найден') })]);
    // The files as 1C posted them, parts joined.
    const file = await w.admin.download(`/api/exchange/runs/${run.id}/files/${run.files[0].id}/`);
    expect(file.status).toBe(200);
    expect(file.bytes.toString()).toBe(importXml({ version: '2.05', groups, products }));
    expect((await w.dealerA.download(`/api/exchange/runs/${run.id}/files/${run.files[0].id}/`)).status).toBe(404);
    // Each exchange's start is recorded with its account as the actor.
    const started = (await w.admin.get('/api/audit/?action=exchange.started&page_size=1')).json.results[0];
    expect(started).toMatchObject({ action: 'exchange.started', actor: { deploy_key: '1С: onec' }, details: { kind: 'catalog' } });
    // Dealers see the products as any other.
    expect((await w.dealerA.get('/api/dp/?search=Автомат 16А')).json.results[0]).toMatchObject({ sku: 'AV-16', price: '412.35', available: 17 });
  });

  test('a 2.10 exchange with warehouses: quantities per warehouse, a warehouse gone from an offer empties, reserved units stay; an unchanged second exchange writes no row', async () => {
    const products: ProductSpec[] = Array.from({ length: 60 }, (_, i) => ({ id: `w-${i}`, sku: `WH-${i}`, name: `Розетка ${i}`, group: 'g-el' }));
    const warehouses = [{ id: 'wh-msk', name: 'Москва' }, { id: 'wh-spb', name: 'Петербург' }];
    const offerFile = (stockOf0: Record<string, number>) => offersXml({ version: '2.10', priceTypes, warehouses, offers: products.map((p, i) => ({
      id: p.id, prices: { 'pt-whole': `${100 + i}.00` }, stock: i === 0 ? stockOf0 : { 'wh-msk': i, 'wh-spb': 2 * i },
    })) });
    const files = (stock0: Record<string, number>): Array<[string, string]> => [['import.xml', importXml({ version: '2.10', groups, products })], ['offers.xml', offerFile(stock0)]];
    const first = await oneC(w.t.app, account).exchange(files({ 'wh-msk': 10, 'wh-spb': 20 }));
    expect(first.map((a) => a.lines[0] === 'success' || a.body)).toEqual([true, true]);
    // The files were long enough to take more than a step: 1C was told `progress` and asked again.
    expect(first[0].progress + first[1].progress).toBeGreaterThan(0);
    const w0 = (await productBy('w-0'))!;
    expect(await stockOf(w0.id)).toEqual({ Москва: 10, Петербург: 20 });
    expect(await stockOf((await productBy('w-7'))!.id)).toEqual({ Москва: 7, Петербург: 14 });

    // A dealer's order reserves 8 in Петербург (the most available); 1C then says 5 there and nothing in Москва.
    const order = (await w.dealerA.post('/api/orders/', { items: [{ product: w0.id, quantity: 8 }] })).json;
    expect((await w.setStatus(w.manager, order, 'confirmed')).status).toBe(200);
    await oneC(w.t.app, account).exchange([['offers.xml', offerFile({ 'wh-spb': 5 })]]);
    const rows = await db().selectFrom('store_items').select(['warehouse', 'quantity', 'reserved']).where('product_id', '=', w0.id).orderBy('warehouse').execute();
    expect(rows).toEqual([{ warehouse: 'Москва', quantity: 0, reserved: 0 }, { warehouse: 'Петербург', quantity: 8, reserved: 8 }]);
    expect((await lastRun()).errors).toEqual([expect.objectContaining({ message: 'Склад «Петербург»: в 1С 5, заказы портала зарезервировали 8; остаток 8' })]);

    const before = await rowCounts();
    const again = await oneC(w.t.app, account).exchange(files({ 'wh-spb': 5 }));
    expect(again.map((a) => a.lines[0])).toEqual(['success', 'success']);
    expect(await rowCounts()).toEqual(before);
    expect(await lastRun()).toMatchObject({ status: 'success', created: 0, updated: 0, withdrawn: 0 });
  });

  test('a 2.08 exchange: each offer\'s <Склад ИдСклада КоличествоНаСкладе>, and 2.08\'s split prices and rests files', async () => {
    const products: ProductSpec[] = [{ id: 's-1', sku: 'S-1', name: 'Щиток 2.08' }];
    const warehouses = [{ id: 'wh-kzn', name: 'Казань' }, { id: 'wh-ekb', name: 'Екатеринбург' }];
    const [catalog, offers] = await oneC(w.t.app, account).exchange([
      ['import.xml', importXml({ version: '2.08', products })],
      ['offers.xml', offersXml({ version: '2.08', priceTypes, warehouses, offers: [{ id: 's-1', prices: { 'pt-whole': '55.00' }, stock: { 'wh-kzn': 4, 'wh-ekb': '6.000' } }] })],
    ]);
    expect([catalog.lines[0], offers.lines[0]]).toEqual(['success', 'success']);
    const product = (await productBy('s-1'))!;
    expect(Number(product.price_cents)).toBe(5500);
    expect(await stockOf(product.id)).toEqual({ Казань: 4, Екатеринбург: 6 });
    // 2.08 may split the offers: prices alone, then rests alone; each changes only its part.
    const [prices, rests] = await oneC(w.t.app, account).exchange([
      ['prices.xml', offersXml({ version: '2.08', priceTypes, offers: [{ id: 's-1', prices: { 'pt-whole': '60.00' } }] })],
      ['rests.xml', offersXml({ version: '2.08', warehouses, offers: [{ id: 's-1', stock: { 'wh-kzn': 1 } }] })],
    ]);
    expect([prices.lines[0], rests.lines[0]]).toEqual(['success', 'success']);
    expect(Number((await productBy('s-1'))!.price_cents)).toBe(6000);
    expect(await stockOf(product.id)).toEqual({ Казань: 1, Екатеринбург: 0 });
  });

  test('withdrawing: a product marked deleted, and a product a full catalogue no longer names; none is ever deleted; a portal product with the same SKU is linked', async () => {
    const mine = (await w.admin.post('/api/products/', { sku: 'LINK-1', name: 'Сделан в портале', category: 'Портал', price: '1.00' })).json;
    const products: ProductSpec[] = [{ id: 'd-1', sku: 'DEL-1', name: 'Уйдёт' }, { id: 'd-2', sku: 'DEL-2', name: 'Останется' }, { id: 'd-3', sku: 'DEL-3', name: 'Пропадёт из полного' }, { id: 'd-link', sku: 'LINK-1', name: 'Из 1С' }];
    await oneC(w.t.app, account).exchange([['import.xml', importXml({ products })]]);
    expect(await productBy('d-link')).toMatchObject({ id: mine.id, name: 'Из 1С' });
    await oneC(w.t.app, account).exchange([['import.xml', importXml({ products: [{ ...products[0], deleted: true }, products[1]] })]]);
    expect(Boolean((await productBy('d-1'))!.is_active)).toBe(false);
    expect(Boolean((await productBy('d-3'))!.is_active)).toBe(true);
    const full = await oneC(w.t.app, account).exchange([['import.xml', importXml({ version: '2.10', full: true, products: [products[1]] })]]);
    expect(full[0].lines[0]).toBe('success');
    for (const id of ['d-1', 'd-3', 'd-link', 'p-1', 'w-0']) expect(Boolean((await productBy(id))!.is_active)).toBe(false);
    expect(Boolean((await productBy('d-2'))!.is_active)).toBe(true);
    // Products made in the portal and never linked stay as they are.
    expect(Boolean((await db().selectFrom('products').select('is_active').where('id', '=', w.product.big).executeTakeFirstOrThrow()).is_active)).toBe(true);
    expect((await lastRun()).withdrawn).toBeGreaterThanOrEqual(5);
    // An article that 1C gives a product when a portal product already has it: the product gets one of its own, said in the notes.
    // (A new product of 1C's with that article is the portal's product, linked.)
    const portal = (await w.admin.post('/api/products/', { sku: 'TAKEN-1', name: 'Портальный', category: 'Портал', price: '1.00' })).json;
    await oneC(w.t.app, account).exchange([['import.xml', importXml({ products: [
      { ...products[1], sku: 'TAKEN-1' }, { id: 'd-4', sku: 'TAKEN-1', name: 'Тот же, что в портале' }, { id: 'd-5', sku: 'TAKEN-1', name: 'Третий с тем же артикулом' },
    ] })]]);
    expect((await productBy('d-2'))!.sku).toBe('TAKEN-1-d2');
    expect(await productBy('d-4')).toMatchObject({ id: portal.id, sku: 'TAKEN-1', name: 'Тот же, что в портале' });
    expect((await productBy('d-5'))!.sku).toBe('TAKEN-1-d5');
    expect((await lastRun()).errors.map((e: { message: string }) => e.message)).toEqual([
      'Артикул «TAKEN-1» уже у другого товара: товару дан артикул «TAKEN-1-d2»', 'Артикул «TAKEN-1» уже у другого товара: товару дан артикул «TAKEN-1-d5»',
    ]);
  });

  test('windows-1251 files and a zipped exchange read as UTF-8 ones do', async () => {
    const client = oneC(w.t.app, account);
    const [result] = await client.exchange([['import.xml', cp1251(importXml({ encoding: 'windows-1251', groups, products: [{ id: 'cp-1', sku: 'CP-1', name: 'Щиток «Ёлка» №1', group: 'g-auto' }] }))]]);
    expect(result.lines[0]).toBe('success');
    expect(await productBy('cp-1')).toMatchObject({ name: 'Щиток «Ёлка» №1', category: 'Электрика / Автоматы' });

    const zip = new JSZip();
    zip.file('import.xml', importXml({ products: [{ id: 'zip-1', sku: 'ZIP-1', name: 'Из архива' }] }));
    zip.file('offers.xml', offersXml({ priceTypes: [priceTypes[1]], offers: [{ id: 'zip-1', prices: { 'pt-whole': '77.70' }, stock: 3 }] }));
    zip.file('import_files/ab/picture.jpg', Buffer.from([0xff, 0xd8, 0xff]));
    const archive = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const zipped = oneC(w.t.app, account);
    await zipped.checkauth();
    await zipped.file('v8_export.zip', archive, 2000);
    // Asked to import the archive itself, the portal unpacks it; its files are imported when named.
    expect((await zipped.importUntilDone('v8_export.zip')).lines[0]).toBe('success');
    expect(await productBy('zip-1')).toBeUndefined();
    expect((await zipped.importUntilDone('import.xml')).lines[0]).toBe('success');
    expect((await zipped.importUntilDone('offers.xml')).lines[0]).toBe('success');
    const product = (await productBy('zip-1'))!;
    expect(Number(product.price_cents)).toBe(7770);
    expect(await stockOf(product.id)).toEqual({ 'Основной склад': 3 });
  });

  describe('hostile and broken files change nothing and say why', () => {
    const refused = async (files: Array<[string, Buffer | string]>, reason: RegExp) => {
      const before = await rowCounts();
      const answers = await oneC(w.t.app, account).exchange(files);
      const last = answers[answers.length - 1];
      expect(last.lines[0]).toBe('failure');
      expect(last.lines[1]).toMatch(reason);
      expect(await rowCounts()).toEqual(before);
      expect(await lastRun()).toMatchObject({ status: 'failure', errors: [expect.objectContaining({ message: expect.stringMatching(reason) })] });
      return last.lines[1];
    };
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `h-${i}`, sku: `H-${i}`, name: `Товар ${i}` }));

    test('an external entity (XXE) and a billion laughs are refused for their DOCTYPE', async () => {
      const xxe = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<КоммерческаяИнформация ВерсияСхемы="2.05"><Каталог><Товары><Товар><Ид>x</Ид><Наименование>&secret;</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>`;
      await refused([['import.xml', xxe]], /DOCTYPE и DTD в файле обмена не допускаются/);
      const lol = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`)].join('');
      await refused([['import.xml', `<?xml version="1.0"?>\n<!DOCTYPE lolz [${lol}]>\n<КоммерческаяИнформация><Каталог><Товары><Товар><Ид>y</Ид><Наименование>&lol9;</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>`]], /DOCTYPE/);
      expect(await productBy('x')).toBeUndefined();
    });

    test('a truncated file: nothing of it is imported, the reason names where it broke', async () => {
      const whole = importXml({ products: many(80) });
      const reason = await refused([['import.xml', whole.slice(0, Math.floor(whole.length * 0.7))]], /обрывается|не читается как XML/);
      expect(reason).toMatch(/строка \d+/);
      expect(await productBy('h-1')).toBeUndefined();
    });

    test('bytes not in the declared encoding, an unknown encoding, a file that is no CommerceML', async () => {
      await refused([['import.xml', cp1251(importXml({ products: [{ id: 'enc-1', name: 'Кириллица в 1251' }] }))]], /не в кодировке utf-8/);
      await refused([['import.xml', importXml({ encoding: 'KOI8-R', products: [] })]], /Кодировка «KOI8-R» не поддерживается/);
      await refused([['import.xml', '<?xml version="1.0"?><html><body>Not Found</body></html>']], /Это не файл CommerceML/);
    });

    test('a price type the setting does not name refuses offers.xml, naming the types it has', async () => {
      const file = offersXml({ priceTypes: [{ id: 'a', name: 'Розница 2027' }, { id: 'b', name: 'Дилерская' }], offers: [{ id: 'p-1', prices: { b: '1.00' }, stock: 1 }] });
      await refused([['offers.xml', file]], /Тип цен «Оптовая» .* не найден в файле; в файле: «Розница 2027», «Дилерская»/);
    });

    test('a zip slip is refused, and so is an archive that unpacks beyond the exchange limit', async () => {
      const slip = new JSZip();
      slip.file('../../etc/import.xml', importXml({ products: [{ id: 'slip', name: 'Выход за папку' }] }));
      const client = oneC(w.t.app, account);
      await client.checkauth();
      await client.file('evil.zip', await slip.generateAsync({ type: 'nodebuffer' }));
      const answer = await client.importUntilDone('import.xml');
      expect(answer.lines[0]).toBe('failure');
      expect(answer.lines[1]).toMatch(/недопустимое имя файла «\.\.\/(\.\.\/etc\/import\.xml)?»: архив не принят/);

      const bomb = new JSZip();
      bomb.file('import.xml', `${importXml({ products: [] })}<!--${' '.repeat(6 * 1024 * 1024)}-->`);
      const packed = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      expect(packed.length).toBeLessThan(100_000);
      const bombed = oneC(w.t.app, account);
      await bombed.checkauth();
      await bombed.file('bomb.zip', packed);
      const blown = await bombed.importUntilDone('import.xml');
      expect(blown.lines[0]).toBe('failure');
      expect(blown.lines[1]).toContain('распаковывается больше чем в 5 МБ');
    });

    test('file names that climb are refused at once; an exchange beyond its limit is refused', async () => {
      const client = oneC(w.t.app, account);
      await client.checkauth();
      for (const name of ['../import.xml', '/etc/passwd', 'a/../../b.xml', 'import.xml\u0000.jpg']) {
        const answer = await client.send('POST', 'file', { filename: name, body: Buffer.from('<x/>') });
        expect(answer.status).toBe(400);
        expect(answer.lines[0]).toBe('failure');
      }
      w.t.app.config.exchange.limitMb = 0.01;
      try {
        const big = Buffer.alloc(2000, 0x20);
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await client.send('POST', 'file', { filename: 'import.xml', body: big }));
        expect(answers.map((a) => a.lines[0])).toEqual(['success', 'success', 'success', 'success', 'success', 'failure']);
        expect(answers[5].lines[1]).toBe('Обмен больше 0,01 МБ (EXCHANGE_LIMIT_MB): файл «import.xml» не принят');
      } finally {
        w.t.app.config.exchange.limitMb = 5;
      }
    });
  });

  test('orders go to 1C as a CommerceML document, are marked taken on success, and an admin sends one again', async () => {
    const order = await w.smallOrder(w.dealerA, { comment: 'Доставка до 18:00 & <срочно>' });
    await db().updateTable('dealers').set({ tax_id: '7707083893', legal_name: 'ООО «Дилер А»' }).where('id', '=', w.dealerIdA).execute();
    const sale = oneC(w.t.app, account, 'sale');
    await sale.checkauth();
    expect((await sale.init()).lines[0]).toBe('zip=yes');
    const query = await sale.send('GET', 'query');
    expect(query.status).toBe(200);
    const documents = parseDocuments(query.body);
    const mine = documents.find((d) => d['Номер'] === order.number)!;
    const lines = (await db().selectFrom('order_items').innerJoin('products', 'products.id', 'order_items.product_id')
      .select(['products.id', 'products.sku', 'order_items.quantity', 'order_items.price_cents']).where('order_id', '=', order.id).execute());
    expect(mine).toMatchObject({
      'Ид': String(order.id), 'ХозОперация': 'Заказ товара', 'Роль': 'Продавец', 'Валюта': 'руб', 'Сумма': expect.stringMatching(/^\d+\.\d{2}$/),
      'Комментарий': 'Доставка до 18:00 & <срочно>',
      'Контрагенты/Контрагент/ИНН': '7707083893', 'Контрагенты/Контрагент/Наименование': 'Дилер А', 'Контрагенты/Контрагент/ОфициальноеНаименование': 'ООО «Дилер А»',
      'Товары/Товар/Ид': `portal-${lines[0].id}`, 'Товары/Товар/Артикул': lines[0].sku, 'Товары/Товар/Количество': String(lines[0].quantity),
      'Товары/Товар/ЦенаЗаЕдиницу': (Number(lines[0].price_cents) / 100).toFixed(2), 'Контрагенты/Контрагент/Роль': 'Покупатель',
      'ЗначенияРеквизитов/ЗначениеРеквизита/Наименование': 'Статус заказа', 'ЗначенияРеквизитов/ЗначениеРеквизита/Значение': 'Новый',
    });
    expect(Number(mine['Сумма'])).toBe(Number(order.total));
    expect(mine['Дата']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await sale.send('GET', 'success')).lines[0]).toBe('success');
    const taken = await db().selectFrom('orders').select('exchanged_at').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(taken.exchanged_at).not.toBeNull();
    const next = oneC(w.t.app, account, 'sale');
    await next.checkauth();
    expect(parseDocuments((await next.send('GET', 'query')).body).map((d) => d['Номер'])).not.toContain(order.number);
    // «Выгрузить заказы заново»: an admin only.
    expect((await w.manager.post(`/api/orders/${order.id}/exchange/reset/`, {})).status).toBe(404);
    expect((await w.admin.post(`/api/orders/${order.id}/exchange/reset/`, {})).status).toBe(204);
    expect(parseDocuments((await next.send('GET', 'query')).body).map((d) => d['Номер'])).toContain(order.number);
  });

  test('1C\'s changes come back: confirmed reserves, shipped with a shipment number takes out and makes the shipping, history says «1С»; a broken file changes nothing', async () => {
    const order = await w.smallOrder(w.dealerB);
    const sale = oneC(w.t.app, account, 'sale');
    await sale.checkauth();
    const confirm = await sale.file('orders.xml', orderChangesXml([{ id: String(order.id), number: order.number, status: 'Подтвержден' }]));
    expect(confirm[0].lines[0]).toBe('success');
    expect(await w.statusOf(order.id)).toBe('confirmed');
    const reserved = await db().selectFrom('stock_reservations').select('quantity').where('order_id', '=', order.id).execute();
    expect(reserved.length).toBeGreaterThan(0);
    const ship = await sale.file('orders.xml', orderChangesXml([{ id: String(order.id), status: 'Отгружен', values: { 'Номер отгрузки': 'РН-000123' } }]));
    expect(ship[0].lines[0]).toBe('success');
    const shown = (await w.dealerB.get(`/api/orders/${order.id}/`)).json;
    expect(shown.status).toBe('shipped');
    expect(shown.history.slice(-2).map((h: { to: string; who: string }) => [h.to, h.who])).toEqual([['confirmed', '1С'], ['shipped', '1С']]);
    const shipping = await db().selectFrom('shippings').select(['tracking_number']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(shipping.tracking_number).toBe('РН-000123');

    const other = await w.smallOrder(w.dealerB);
    const broken = await sale.file('orders.xml', orderChangesXml([{ id: String(other.id), status: 'Отменен' }]).slice(0, -40));
    expect(broken[0].lines[0]).toBe('failure');
    expect(await w.statusOf(other.id)).toBe('new');
    const skipping = await sale.file('orders.xml', orderChangesXml([{ id: '999999', status: 'Подтвержден' }, { id: String(other.id), status: 'Отменен' }]));
    expect(skipping[0].lines[0]).toBe('success');
    expect(await w.statusOf(other.id)).toBe('cancelled');
    // A status that cannot follow is reported, not forced.
    await sale.file('orders.xml', orderChangesXml([{ id: String(other.id), status: 'Подтвержден' }]));
    expect(await w.statusOf(other.id)).toBe('cancelled');
    // A file with no document changes nothing and is no error.
    const empty = await sale.file('orders.xml', orderChangesXml([]));
    expect(empty[0].lines[0]).toBe('success');
  });
});

/** The documents of a sale query, each flattened to `path → text` (the first of each path). */
function parseDocuments(xml: string): Array<Record<string, string>> {
  const parser = new SaxesParser();
  const documents: Array<Record<string, string>> = [];
  const path: string[] = [];
  let text = '';
  parser.on('opentag', (tag) => {
    path.push(tag.name);
    text = '';
    if (path.length === 2 && tag.name === 'Документ') documents.push({});
  });
  parser.on('text', (value) => { text += value; });
  parser.on('closetag', () => {
    const document = documents[documents.length - 1];
    if (document && path.length > 2) {
      const key = path.slice(2).join('/');
      if (!(key in document)) document[key] = text;
    }
    path.pop();
    text = '';
  });
  parser.write(xml).close();
  return documents;
}
