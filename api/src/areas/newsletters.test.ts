import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('newsletters managed by staff on %s', (kind) => {
  let t: TestApp;
  const access: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test']) access[email] = (await tokensFor(t.app, email)).access;
  });
  afterAll(async () => { await t?.close(); });

  test('a draft is hidden from dealers until published; publishing stamps the time once', async () => {
    const token = access['manager@demo.test'];
    const draft = await call(t.app, 'POST', '/api/newsletters/', { token, body: { title: 'Новая акция', body: '**Скидка** 10 %', audience: null, published: false } });
    expect(draft.status).toBe(201);
    expect(draft.json.published_at).toBeNull();
    const titles = async () => (await call(t.app, 'GET', '/api/news/?page_size=500', { token: access['dealer@demo.test'] })).json.results.map((n: { title: string }) => n.title);
    expect(await titles()).not.toContain('Новая акция');

    const published = await call(t.app, 'PUT', `/api/newsletters/${draft.json.id}/`, { token, body: { ...draft.json, published: true } });
    expect(published.json.published_at).toEqual(expect.stringMatching(/Z$/));
    expect(await titles()).toContain('Новая акция');
    const edited = await call(t.app, 'PUT', `/api/newsletters/${draft.json.id}/`, { token, body: { ...published.json, title: 'Новая акция!' } });
    expect(edited.json.published_at).toBe(published.json.published_at);
    expect((await call(t.app, 'DELETE', `/api/newsletters/${draft.json.id}/`, { token })).status).toBe(204);
  });

  test('a newsletter for one group reaches only that group', async () => {
    const token = access['manager@demo.test'];
    const own = (await call(t.app, 'GET', '/api/dealers/', { token: access['dealer@demo.test'] })).json.results[0];
    const created = await call(t.app, 'POST', '/api/newsletters/', { token, body: { title: 'Для группы', body: '', audience: own.group, published: true } });
    expect(created.status).toBe(201);
    const seen = async (email: string) => (await call(t.app, 'GET', '/api/news/?search=Для группы', { token: access[email] })).json.count;
    expect(await seen('dealer@demo.test')).toBe(1);
    expect(await seen('dealer2@demo.test')).toBe(0);
    expect((await call(t.app, 'POST', '/api/newsletters/', { token: access['dealer@demo.test'], body: created.json })).status).toBe(404);
  });
});
