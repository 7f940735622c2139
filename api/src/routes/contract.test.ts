import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('the agreement and its versions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); }, 30_000);
  afterAll(async () => { await t?.close(); });

  const token = async (email: string) => (await tokensFor(t.app, email)).access;
  const contractOf = async (email: string) => call(t.app, 'GET', '/api/contract/', { token: await token(email) });
  const agreementId = async () => (await t.app.db.selectFrom('variables').select('id').where('key', '=', 'contract_text').executeTakeFirstOrThrow()).id;
  const writeAgreement = async (text: string) => call(t.app, 'PUT', `/api/variables/${await agreementId()}/`, {
    token: await token('admin@demo.test'), body: { key: 'contract_text', value: text, description: 'Договор' },
  });

  test('a new agreement text is a new version: the dealer who signed the old one is asked again, signs, and the admin sees who signed which', async () => {
    const before = await contractOf('dealer@demo.test');
    expect(before.json).toMatchObject({ version: { number: 1 }, signed: true, earlier_signed_version: null });
    expect(before.json.signed_at).toEqual(expect.any(String));

    expect((await writeAgreement('# Договор\n\nНовая редакция.')).status).toBe(200);
    const changed = await contractOf('dealer@demo.test');
    expect(changed.json).toMatchObject({ text: '# Договор\n\nНовая редакция.', version: { number: 2 }, signed: false, signed_at: null, earlier_signed_version: 1 });
    // The token and /users/me/ say it too: the dealer's tokens now carry contract_signed false.
    const fresh = await token('dealer@demo.test');
    expect((await call(t.app, 'GET', '/api/users/me/', { token: fresh })).json.contract_signed).toBe(false);
    // Until it signs, the dealer reads its orders but places none.
    expect((await call(t.app, 'GET', '/api/orders/', { token: fresh })).status).toBe(200);
    // A dealer who never signed sees a new agreement, not a changed one.
    expect((await contractOf('dealer2@demo.test')).json).toMatchObject({ signed: false, earlier_signed_version: null });

    const signed = await call(t.app, 'POST', '/api/contract/sign/', { token: fresh });
    expect(signed.status).toBe(200);
    // Signing again keeps the first signature.
    const again = await call(t.app, 'POST', '/api/contract/sign/', { token: fresh });
    expect(again.json.signed_at).toBe(signed.json.signed_at);
    expect((await contractOf('dealer@demo.test')).json).toMatchObject({ version: { number: 2 }, signed: true, signed_at: signed.json.signed_at, earlier_signed_version: null });
    expect((await call(t.app, 'GET', '/api/orders/', { token: await token('dealer@demo.test') })).status).toBe(200);

    const versions = await call(t.app, 'GET', '/api/contract/versions/', { token: await token('admin@demo.test') });
    expect(versions.status).toBe(200);
    expect(versions.json.map((v: { number: number; signatures: Array<{ email: string }> }) => [v.number, v.signatures.map((s) => s.email)]))
      .toEqual([[2, ['dealer@demo.test']], [1, ['dealer@demo.test']]]);
    expect(versions.json[0]).toMatchObject({ created_by: 'Анна Администратор', signatures: [{ name: 'Дмитрий Дилеров', dealer: expect.any(String), signed_at: signed.json.signed_at }] });
  });

  test('after a new version a dealer\'s token that still says contract_signed: true creates no order; once signed, the same token does', async () => {
    const old = await token('dealer@demo.test');
    expect((await call(t.app, 'POST', '/api/contract/sign/', { token: old })).status).toBe(200);
    const product = (await call(t.app, 'GET', '/api/dp/?page_size=1', { token: old })).json.results[0];
    // Above the minimum order total (1 000 ₽ in the demo data).
    const order = { items: [{ product: product.id, quantity: Math.ceil(1000 / Number(product.price)) + 1 }] };
    const orders = async () => (await t.app.db.selectFrom('orders').select('id').execute()).length;
    const before = await orders();

    expect((await writeAgreement(`# Договор\n\nРедакция ${Date.now()}.`)).status).toBe(200);
    const refused = await call(t.app, 'POST', '/api/orders/', { token: old, body: order });
    expect([refused.status, refused.json.code]).toEqual([403, 'contract_required']);
    expect(await orders()).toBe(before);
    expect((await call(t.app, 'GET', '/api/contract/', { token: old })).json.signed).toBe(false);

    expect((await call(t.app, 'POST', '/api/contract/sign/', { token: old })).status).toBe(200);
    const placed = await call(t.app, 'POST', '/api/orders/', { token: old, body: order });
    expect(placed.status).toBe(201);
    expect(await orders()).toBe(before + 1);
  });

  test('saving the same text again, or another variable, makes no new version', async () => {
    const { text, version } = (await contractOf('admin@demo.test')).json;
    expect((await writeAgreement(text)).status).toBe(200);
    const support = await t.app.db.selectFrom('variables').selectAll().where('key', '=', 'support_email').executeTakeFirstOrThrow();
    expect((await call(t.app, 'PUT', `/api/variables/${support.id}/`, { token: await token('admin@demo.test'), body: { key: support.key, value: 'help@demo.test' } })).status).toBe(200);
    expect((await contractOf('admin@demo.test')).json.version).toEqual(version);
  });

  test('only the admin reads who signed; the agreement is neither deleted nor renamed', async () => {
    for (const email of ['manager@demo.test', 'dealer@demo.test']) {
      expect((await call(t.app, 'GET', '/api/contract/versions/', { token: await token(email) })).status).toBe(404);
    }
    const admin = await token('admin@demo.test');
    expect((await call(t.app, 'DELETE', `/api/variables/${await agreementId()}/`, { token: admin })).status).toBe(409);
    const renamed = await call(t.app, 'PUT', `/api/variables/${await agreementId()}/`, { token: admin, body: { key: 'old_contract', value: 'x' } });
    expect([renamed.status, renamed.json.fields]).toEqual([400, { key: ['Неверный формат.'] }]);
    expect((await contractOf('admin@demo.test')).json.text).not.toBe('x');
  });

  describe('publishing a new version (issue 18 item 6)', () => {
    const publish = async (body: object, email = 'admin@demo.test') => call(t.app, 'POST', '/api/contract/versions/', { token: await token(email), body });
    const activeDealerUsers = async () => (await t.app.db.selectFrom('users as u').innerJoin('dealers as d', 'd.id', 'u.dealer_id')
      .select('u.id').where('u.role', '=', 'dealer').where('u.is_active', '=', true).where('d.is_active', '=', true).execute()).length;

    test('before publishing the admin learns how many dealer users must sign; nobody else may ask', async () => {
      const count = await call(t.app, 'GET', '/api/contract/must-sign/', { token: await token('admin@demo.test') });
      expect(count.status).toBe(200);
      expect(count.json).toEqual({ must_sign: await activeDealerUsers() });
      expect(count.json.must_sign).toBeGreaterThanOrEqual(2);
      // A deactivated dealer user signs nothing: it is not counted.
      const dealer2 = await t.app.db.selectFrom('users').select('id').where('email', '=', 'dealer2@demo.test').executeTakeFirstOrThrow();
      await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', dealer2.id).execute();
      try {
        expect((await call(t.app, 'GET', '/api/contract/must-sign/', { token: await token('admin@demo.test') })).json.must_sign).toBe(count.json.must_sign - 1);
      } finally {
        await t.app.db.updateTable('users').set({ is_active: true }).where('id', '=', dealer2.id).execute();
      }
      for (const email of ['manager@demo.test', 'dealer@demo.test']) {
        expect((await call(t.app, 'GET', '/api/contract/must-sign/', { token: await token(email) })).status).toBe(404);
        expect((await publish({ text: 'Чужая редакция', summary: 'x' }, email)).status).toBe(404);
      }
    });

    test('a publication with its summary: the count in the answer and the audit trail, the old and new text for the dealer who signed the old one', async () => {
      const dealer = await token('dealer@demo.test');
      await call(t.app, 'POST', '/api/contract/sign/', { token: dealer });
      const old = (await contractOf('dealer@demo.test')).json;
      expect(old.signed).toBe(true);
      const text = `# Договор\n\nРедакция с новым пунктом ${Date.now()}.`;

      const published = await publish({ text, summary: '  Добавлен пункт о сроках оплаты.  ' });
      expect(published.status).toBe(201);
      expect(published.json).toEqual({ number: old.version.number + 1, created_at: expect.stringMatching(/Z$/), summary: 'Добавлен пункт о сроках оплаты.', must_sign: await activeDealerUsers() });

      // The dealer sees what changed: the summary, and the version it signed beside the new one.
      expect((await contractOf('dealer@demo.test')).json).toMatchObject({
        text, version: { number: published.json.number }, signed: false, summary: 'Добавлен пункт о сроках оплаты.',
        earlier_signed_version: old.version.number, earlier_signed_text: old.text,
      });
      // The variable holds the new text, and the admin's list of versions has the summary.
      expect((await t.app.db.selectFrom('variables').select('value').where('key', '=', 'contract_text').executeTakeFirstOrThrow()).value).toBe(text);
      const versions = (await call(t.app, 'GET', '/api/contract/versions/', { token: await token('admin@demo.test') })).json;
      expect(versions[0]).toMatchObject({ number: published.json.number, summary: 'Добавлен пункт о сроках оплаты.', signatures: [] });

      const audit = await call(t.app, 'GET', '/api/audit/?action=agreement.published&ordering=-id', { token: await token('admin@demo.test') });
      expect(audit.json.results[0]).toMatchObject({
        action: 'agreement.published', target_id: String(published.json.number),
        details: { version: published.json.number, summary: 'Добавлен пункт о сроках оплаты.', must_sign: published.json.must_sign },
      });

      // Once signed, nothing is set beside it any more.
      await call(t.app, 'POST', '/api/contract/sign/', { token: dealer });
      expect((await contractOf('dealer@demo.test')).json).toMatchObject({ signed: true, earlier_signed_version: null, earlier_signed_text: null });
    });

    test('refused, publishing nothing: no summary, no text, the text in force again, unknown fields', async () => {
      const before = (await contractOf('admin@demo.test')).json;
      const blank = await publish({ text: '# Новая', summary: '   ' });
      expect([blank.status, blank.json.code, blank.json.fields]).toEqual([400, 'invalid', { summary: ['Обязательное поле.'] }]);
      const noText = await publish({ text: '  ', summary: 'Пусто' });
      expect([noText.status, noText.json.fields]).toEqual([400, { text: ['Обязательное поле.'] }]);
      expect((await publish({ summary: 'Без текста' })).status).toBe(400);
      expect((await publish({ text: '# Новая', summary: 'x', number: 99 })).status).toBe(400);
      const same = await publish({ text: before.text, summary: 'Ничего' });
      expect([same.status, same.json.code, same.json.message]).toEqual([409, 'agreement_unchanged', 'Текст договора не изменился: публиковать нечего.']);
      expect((await contractOf('admin@demo.test')).json.version).toEqual(before.version);
    });

    test('until it signs, a dealer reads its orders, shipments, claims, cancellations and documents, and creates or changes nothing (403 contract_required)', async () => {
      const dealer = await token('dealer@demo.test');
      await call(t.app, 'POST', '/api/contract/sign/', { token: dealer });
      const own = (await call(t.app, 'GET', '/api/orders/?status=new&page_size=1', { token: dealer })).json.results[0];
      expect(own).toBeDefined();
      expect((await publish({ text: `# Договор\n\nРедакция ${Date.now()}.`, summary: 'Уточнены сроки.' })).status).toBe(201);

      for (const url of ['/api/orders/', `/api/orders/${own.id}/`, '/api/shippings/', '/api/claims/', '/api/orderdelreq/', '/api/attachments/', '/api/news/', '/api/contract/', '/api/users/me/']) {
        expect([url, (await call(t.app, 'GET', url, { token: dealer })).status]).toEqual([url, 200]);
      }
      const before = await t.app.db.selectFrom('orders').select(['id', 'comment']).where('id', '=', own.id).executeTakeFirstOrThrow();
      const writes = [
        ['POST', '/api/orders/', { items: own.items.map((i: { product: number; quantity: number }) => ({ product: i.product, quantity: i.quantity })) }],
        ['PUT', `/api/orders/${own.id}/`, { comment: 'изменено без подписи' }],
        ['DELETE', `/api/orders/${own.id}/`, undefined],
        ['POST', '/api/orderdelreq/', { order: own.id, reason: 'без подписи' }],
        ['POST', '/api/claims/', { order: own.id, product: own.items[0].product, quantity: 1, description: 'без подписи' }],
        ['POST', '/api/attachments/', { description: 'без подписи' }],
      ] as const;
      for (const [method, url, body] of writes) {
        const answer = await call(t.app, method, url, { token: dealer, ...(body ? { body } : {}) });
        expect([method, url, answer.status, answer.json?.code, answer.json?.message]).toEqual([method, url, 403, 'contract_required', expect.stringContaining('подпишите договор')]);
      }
      expect(await t.app.db.selectFrom('orders').select(['id', 'comment']).where('id', '=', own.id).executeTakeFirstOrThrow()).toEqual(before);
      // In English too.
      const english = await call(t.app, 'POST', '/api/orders/', { token: dealer, body: { items: [] }, headers: { 'accept-language': 'en' } });
      expect(english.json.message).toMatch(/sign the agreement first/);
      // Saved views and the profile are the dealer's own preferences: kept before the contract too.
      expect((await call(t.app, 'POST', '/api/views/?list=orders', { token: dealer, body: { name: `До подписи ${Date.now()}`, query: 'status=new' } })).status).toBe(201);
    });
  });
});

