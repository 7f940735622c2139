import { call, createTestApp, testDatabases, tokensFor, type TestApp } from '../test/test-app';

describe.each(testDatabases())('news and newsletters on %s', (kind) => {
  let t: TestApp;
  const access: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of ['admin@demo.test', 'manager@demo.test', 'dealer@demo.test', 'dealer2@demo.test']) {
      access[email] = (await tokensFor(t.app, email)).access;
    }
  });
  afterAll(async () => { await t?.close(); });

  const get = (url: string, email: string) => call(t.app, 'GET', url, { token: access[email] });

  test('a list answers {count, next, previous, results} with Newsletter items', async () => {
    const { status, json } = await get('/api/news/', 'dealer@demo.test');
    expect(status).toBe(200);
    expect(Object.keys(json).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(json.results[0]).toEqual({
      id: expect.any(Number), title: expect.any(String), body: expect.any(String), audience: null,
      published: true, published_at: expect.stringMatching(/Z$/), created_at: expect.stringMatching(/Z$/), read: false,
    });
  });

  test('a dealer sees published news for everyone and for its own group; drafts and other groups are hidden', async () => {
    const dealer = (await get('/api/news/', 'dealer@demo.test')).json;
    const dealer2 = (await get('/api/news/', 'dealer2@demo.test')).json;
    expect(dealer.count).toBe(7);
    expect(dealer2.count).toBe(6);
    expect(dealer.results.every((n: { published: boolean }) => n.published)).toBe(true);
    expect(dealer.results.some((n: { audience: number | null }) => n.audience !== null)).toBe(true);
    expect(dealer2.results.every((n: { audience: number | null }) => n.audience === null)).toBe(true);
    expect(dealer.results.map((n: { title: string }) => n.title)).not.toContain('Черновик: летняя акция');
    // Newest first by default.
    const dates = dealer.results.map((n: { published_at: string }) => n.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('staff may read /api/news/ (every published item) and /api/newsletters/ (drafts too); a dealer gets 404 there', async () => {
    expect((await get('/api/news/', 'manager@demo.test')).json.count).toBe(7);
    const all = await get('/api/newsletters/', 'manager@demo.test');
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(8);
    expect((await get('/api/newsletters/?published=false', 'admin@demo.test')).json.count).toBe(1);
    const hidden = await get('/api/newsletters/', 'dealer@demo.test');
    expect(hidden.status).toBe(404);
    expect(hidden.json).toEqual({ code: 'not_found', message: expect.any(String) });
  });

  test('search is case-insensitive, Cyrillic included; ordering by a known field, an unknown one is 400', async () => {
    const found = await get(`/api/news/?search=${encodeURIComponent('ПРАЙС')}`, 'dealer@demo.test');
    expect(found.json.count).toBe(1);
    expect(found.json.results[0].title).toBe('Обновление прайс-листа');
    const byTitle = (await get('/api/news/?ordering=title', 'dealer@demo.test')).json.results.map((n: { title: string }) => n.title);
    expect(byTitle).toEqual([...byTitle].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    // LIKE wildcards in the search text match only themselves.
    expect((await get(`/api/news/?search=${encodeURIComponent('3 %')}`, 'dealer@demo.test')).json.count).toBe(1);
    expect((await get(`/api/news/?search=${encodeURIComponent('_')}`, 'dealer@demo.test')).json.count).toBe(0);
    const bad = await get('/api/news/?ordering=password_hash', 'dealer@demo.test');
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('ordering');
  });

  test('GET /api/news/{id}/: a dealer reads an item for all dealers or its own group; another group\'s item or a draft is 404', async () => {
    const manager = access['manager@demo.test'];
    const group = (await get('/api/dealers/', 'dealer@demo.test')).json.results[0].group;
    const create = async (title: string, audience: number | null, published: boolean) =>
      (await call(t.app, 'POST', '/api/newsletters/', { token: manager, body: { title, body: '| a | b |\n|---|---|\n| 1 | 2 |', audience, published } })).json;
    const forAll = await create('Всем', null, true);
    const forGroup = await create('Группе', group, true);
    const draft = await create('Черновик группе', group, false);
    const read = (id: number, email: string) => get(`/api/news/${id}/`, email);

    const seen = await read(forAll.id, 'dealer@demo.test');
    expect(seen.status).toBe(200);
    // Opened, it is read by this user (widget-sources.test.ts has the rest of it).
    expect(seen.json).toEqual({ ...forAll, read: true });
    expect((await read(forGroup.id, 'dealer@demo.test')).json).toEqual({ ...forGroup, read: true });
    expect((await read(forAll.id, 'dealer2@demo.test')).status).toBe(200);
    for (const [id, email] of [[forGroup.id, 'dealer2@demo.test'], [draft.id, 'dealer@demo.test'], [draft.id, 'manager@demo.test'], [999_999, 'dealer@demo.test']] as const) {
      const hidden = await read(id, email);
      expect([id, email, hidden.status]).toEqual([id, email, 404]);
      expect(hidden.json).toEqual({ code: 'not_found', message: expect.any(String) });
    }
    expect((await read(forGroup.id, 'manager@demo.test')).status).toBe(200);
    // Nothing is written through /api/news/ (opening an item only marks it read for the caller).
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(t.app, method, `/api/news/${forAll.id}/`, { token: manager, body: method === 'PUT' ? forAll : undefined })).status).toBe(404);
    }
    expect((await call(t.app, 'POST', '/api/news/', { token: manager, body: forAll })).status).toBe(404);
    for (const id of [forAll.id, forGroup.id, draft.id]) await call(t.app, 'DELETE', `/api/newsletters/${id}/`, { token: manager });
  });

  test('published_after and published_before filter by the time of publication; a bad date is 400 naming it', async () => {
    const all = (await get('/api/news/?page_size=500', 'dealer@demo.test')).json.results as Array<{ published_at: string }>;
    const middle = [...all].map((n) => n.published_at).sort()[Math.floor(all.length / 2)];
    const after = (await get(`/api/news/?page_size=500&published_after=${encodeURIComponent(middle)}`, 'dealer@demo.test')).json;
    const before = (await get(`/api/news/?page_size=500&published_before=${encodeURIComponent(middle)}`, 'dealer@demo.test')).json;
    expect(after.count + before.count).toBe(all.length);
    expect(after.results.every((n: { published_at: string }) => n.published_at >= middle)).toBe(true);
    expect(before.results.every((n: { published_at: string }) => n.published_at < middle)).toBe(true);
    const bad = await get('/api/news/?published_after=yesterday', 'dealer@demo.test');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(['published_after']);
  });

  test('a list page never goes stale: a newsletter published or deleted under it is seen at once', async () => {
    const first = await get('/api/news/?search=Kept', 'dealer@demo.test');
    expect(first.json.count).toBe(0);
    expect((await get('/api/news/?search=Kept', 'dealer@demo.test')).body).toBe(first.body);
    const created = (await call(t.app, 'POST', '/api/newsletters/', { token: access['manager@demo.test'], body: { title: 'Kept page', body: '', audience: null, published: true } })).json;
    expect((await get('/api/news/?search=Kept', 'dealer@demo.test')).json.count).toBe(1);
    await call(t.app, 'DELETE', `/api/newsletters/${created.id}/`, { token: access['manager@demo.test'] });
    expect((await get('/api/news/?search=Kept', 'dealer@demo.test')).json.count).toBe(0);
  });

  describe('pagination', () => {
    beforeAll(async () => {
      const now = Date.now();
      const rows = Array.from({ length: 560 }, (_, i) => ({
        title: `Новость ${i}`, body: '', audience_group_id: null, published: false,
        published_at: null, created_at: new Date(now - i * 1000).toISOString(),
      }));
      for (let i = 0; i < rows.length; i += 100) await t.app.db.insertInto('newsletters').values(rows.slice(i, i + 100)).execute();
    });

    test('page_size defaults to 50, next and previous link the neighbouring pages', async () => {
      const first = (await get('/api/newsletters/', 'manager@demo.test')).json;
      expect(first.count).toBe(568);
      expect(first.results).toHaveLength(50);
      expect(first.previous).toBeNull();
      expect(first.next).toBe('/api/newsletters/?page=2');
      const second = (await get(first.next, 'manager@demo.test')).json;
      expect(second.results).toHaveLength(50);
      expect(second.previous).toBe('/api/newsletters/?page=1');
      const firstIds = new Set(first.results.map((n: { id: number }) => n.id));
      expect(second.results.some((n: { id: number }) => firstIds.has(n.id))).toBe(false);
      const last = (await get('/api/newsletters/?page=12&page_size=50&published=false', 'manager@demo.test')).json;
      expect(last.count).toBe(561);
      expect(last.results).toHaveLength(11);
      expect(last.next).toBeNull();
      expect(last.previous).toBe('/api/newsletters/?page=11&page_size=50&published=false');
    });

    test('page_size is at most 500; bad page or page_size values answer 400, never 500', async () => {
      expect((await get('/api/newsletters/?page_size=500', 'manager@demo.test')).json.results).toHaveLength(500);
      for (const query of ['page_size=501', 'page_size=0', 'page_size=-1', 'page_size=abc', 'page_size=1.5', 'page=0', 'page=x', 'page=', 'published=maybe', 'ordering=%27%3Bdrop']) {
        const answer = await get(`/api/newsletters/?${query}`, 'manager@demo.test');
        expect([query, answer.status]).toEqual([query, 400]);
        expect(answer.json).toMatchObject({ code: 'invalid', message: expect.any(String) });
      }
      const beyond = await get('/api/newsletters/?page=1000', 'manager@demo.test');
      expect(beyond.status).toBe(200);
      expect(beyond.json.results).toEqual([]);
    });
  });
});
