import { call, createTestApp, outboxMails, testDatabases, tokensFor, type TestApp } from '../test/test-app';

const application = {
  company_name: 'ООО «Ромашка»', tax_id: '7712345671', contact_name: 'Иван Петров',
  email: 'ivan@romashka.example', phone: '+7 (495) 111-22-33', comment: 'Хотим продавать вашу продукцию',
};

describe.each(testDatabases())('registration requests handled by staff on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  const many = { max: 10_000, windowMs: 60_000 };
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: { login: many, refresh: many, restore: many, regreq: many } });
    manager = (await tokensFor(t.app, 'manager@demo.test')).access;
  });
  afterAll(async () => { await t?.close(); });

  const submit = async (email: string) => (await call(t.app, 'POST', '/api/regreq/', { body: { ...application, email } })).json;
  const decide = (id: number, body: object, token = manager) => call(t.app, 'PUT', `/api/regreq/${id}/`, { token, body });

  test('approving creates the dealer and its first user and mails a link that sets the password', async () => {
    const request = await submit('approve@romashka.example');
    const groups = (await call(t.app, 'GET', '/api/dealergroups/', { token: manager })).json.results;
    const approved = await decide(request.id, { ...request, status: 'approved', group: groups[0].id });
    expect(approved.status).toBe(200);
    expect(approved.json).toEqual(expect.objectContaining({ status: 'approved', dealer: expect.any(Number), decided_at: expect.stringMatching(/Z$/) }));

    const dealer = (await call(t.app, 'GET', `/api/dealers/${approved.json.dealer}/`, { token: manager })).json;
    expect(dealer).toEqual(expect.objectContaining({ name: application.company_name, tax_id: application.tax_id, group: groups[0].id }));

    const mail = outboxMails(t.dataDir).find((m) => m.to.includes('approve@romashka.example'))!;
    expect(mail.subject).toBe('Доступ к порталу дилеров');
    const token = /\/restore\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect((await call(t.app, 'POST', `/api/restore/${token}/`, { body: { password: 'a-new-password-1' } })).status).toBe(200);
    const login = await call(t.app, 'POST', '/api/token/', { body: { email: 'approve@romashka.example', password: 'a-new-password-1' } });
    expect(login.status).toBe(200);
    expect(login.json.user).toEqual(expect.objectContaining({ role: 'dealer', dealer: approved.json.dealer, contract_signed: false }));
  });

  test('rejecting mails the reason; a decided request cannot be decided again (409)', async () => {
    const request = await submit('reject@romashka.example');
    const rejected = await decide(request.id, { ...request, status: 'rejected', decision_reason: 'Нет ИНН в реестре' });
    expect(rejected.status).toBe(200);
    expect(rejected.json.decision_reason).toBe('Нет ИНН в реестре');
    const mail = outboxMails(t.dataDir).find((m) => m.to.includes('reject@romashka.example'))!;
    expect(mail.text).toContain('Причина: Нет ИНН в реестре');
    const again = await decide(request.id, { ...request, status: 'approved' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Такой переход статуса невозможен.');
    expect((await call(t.app, 'GET', `/api/regreq/${request.id}/`, { token: manager })).json.status).toBe('rejected');
  });

  test('an approval for an email that already has an account is refused and changes nothing', async () => {
    const request = await submit('dealer@demo.test');
    const before = (await call(t.app, 'GET', '/api/dealers/', { token: manager })).json.count;
    const refused = await decide(request.id, { ...request, status: 'approved' });
    expect(refused.status).toBe(409);
    expect((await call(t.app, 'GET', `/api/regreq/${request.id}/`, { token: manager })).json.status).toBe('new');
    expect((await call(t.app, 'GET', '/api/dealers/', { token: manager })).json.count).toBe(before);
  });

  test('staff list with status filter and search, delete; dealers and visitors may not read', async () => {
    const request = await submit('list@romashka.example');
    const list = await call(t.app, 'GET', '/api/regreq/?status=new&search=list@romashka', { token: manager });
    expect(list.json.results.map((r: { id: number }) => r.id)).toEqual([request.id]);
    const dealer = (await tokensFor(t.app, 'dealer@demo.test')).access;
    expect((await call(t.app, 'GET', '/api/regreq/', { token: dealer })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/regreq/')).status).toBe(401);
    expect((await call(t.app, 'DELETE', `/api/regreq/${request.id}/`, { token: dealer })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/regreq/${request.id}/`, { token: manager })).status).toBe(204);
    expect((await call(t.app, 'GET', `/api/regreq/${request.id}/`, { token: manager })).status).toBe(404);
  });

  test('a wrong INN checksum is refused with 400 naming tax_id, in the caller\'s language; 10 and 12 digits pass', async () => {
    const wrong = await call(t.app, 'POST', '/api/regreq/', { body: { ...application, tax_id: '7712345678' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual(expect.objectContaining({ code: 'invalid', fields: { tax_id: [expect.stringContaining('Неверный ИНН')] } }));
    const en = await call(t.app, 'POST', '/api/regreq/', { body: { ...application, tax_id: '50010073225' }, headers: { 'accept-language': 'en' } });
    expect(en.json.fields.tax_id).toEqual([expect.stringContaining('Not a valid INN')]);
    for (const taxId of ['7707329152', '500100732259']) {
      expect((await call(t.app, 'POST', '/api/regreq/', { body: { ...application, tax_id: taxId, email: `${taxId}@inn.example` } })).status).toBe(201);
    }
  });

  test('a request names the dealers and other requests with its INN, never itself nor the dealer its approval made; a visitor is not told', async () => {
    const taxId = '3664069397';
    const first = (await call(t.app, 'POST', '/api/regreq/', { body: { ...application, tax_id: taxId, email: 'first@same.example' } })).json;
    expect(first).not.toHaveProperty('same_tax_id');
    expect((await call(t.app, 'GET', `/api/regreq/${first.id}/`, { token: manager })).json.same_tax_id).toEqual([]);

    const approved = (await decide(first.id, { status: 'approved' })).json;
    expect(approved.same_tax_id).toEqual([]);
    const second = (await call(t.app, 'POST', '/api/regreq/', { body: { ...application, company_name: 'ООО «Ромашка-2»', tax_id: taxId, email: 'second@same.example' } })).json;
    const read = (await call(t.app, 'GET', `/api/regreq/${second.id}/`, { token: manager })).json;
    expect(read.same_tax_id).toEqual([
      { kind: 'dealer', id: approved.dealer, name: application.company_name },
      { kind: 'request', id: first.id, name: application.company_name, status: 'approved' },
    ]);
    // The list flags them too, so a manager sees them before opening a request.
    const listed = (await call(t.app, 'GET', `/api/regreq/?search=${taxId}`, { token: manager })).json.results;
    expect(listed.find((r: { id: number }) => r.id === first.id).same_tax_id).toEqual([{ kind: 'request', id: second.id, name: 'ООО «Ромашка-2»', status: 'new' }]);
  });
});
