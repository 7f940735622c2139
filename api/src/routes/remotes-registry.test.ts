// The registry the host reads (issue 15 items 4, 5) and the first releases at start: the page
// carries the remotes every role sees (escaped inside its script) and preloads the current area's
// remoteEntry; GET /api/remotes/registry/ answers per role; local overrides only when switched on,
// for staff, to allowed origins, per user; seeding registers once, follows a developer's rebuild
// and never replaces a team's release.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { portalPolicy } from '../plugins/portal-static';
import { remotesWithoutLiveFiles, seedReleases } from '../lib/releases/seed';
import { CHUNK, tarGz, writePortalDist, writeRemoteBuild } from '../test/remote-builds';
import { hashPassword } from '../lib/passwords';
import { OVERRIDE_COOKIE, OVERRIDE_TTL_SECONDS, signOverrides } from '../lib/releases/overrides';
import { call, createTestApp, DEMO_PASSWORD, TEST_PASSWORD_HASH_COST, testDatabases, tokensFor, type TestApp } from '../test/test-app';

const pageRegistry = (body: string) => JSON.parse(/<script type="application\/json" id="portal-registry" nonce="[^"]+">(.*?)<\/script>/s.exec(body)![1]);
const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))![1];

describe.each(testDatabases())('the registry on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let tokens: Record<'admin' | 'manager' | 'dealer', string>;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    writePortalDist(dist, [{ name: 'comms' }, { name: 'orders' }, { name: 'dealers', roles: ['manager', 'admin'] }]);
    t = await createTestApp(kind, { portalDist: dist, remoteOverrides: true });
    const [admin, manager, dealer] = await Promise.all(['admin@demo.test', 'manager@demo.test', 'dealer2@demo.test'].map(async (e) => (await tokensFor(t.app, e)).access));
    tokens = { admin, manager, dealer };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('the page carries the remotes open to every role, and preloads the remoteEntry of the area it opens', async () => {
    const page = await call(t.app, 'GET', '/comms/news');
    const registry = pageRegistry(page.body);
    expect(registry.remotes.map((r: { name: string }) => r.name)).toEqual(['comms', 'orders']);
    const comms = registry.remotes[0];
    expect(comms).toEqual({
      name: 'comms', basePath: '/comms', roles: ['dealer', 'manager', 'admin'], release: expect.any(String),
      entry: `/remotes/comms/${comms.release}/mf-manifest.json`, remoteEntry: `/remotes/comms/${comms.release}/remoteEntry.js`,
      contractVersion: expect.any(String), menu: [expect.objectContaining({ key: 'comms-home' })],
    });
    const nonce = nonceOf(page.headers['content-security-policy']);
    // With the remoteEntry, the files its exposed module runs first (the manifest's exposes, sync), and no other.
    const preloads = [...page.body.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)" nonce="([^"]+)">/g)].map(([, as, href, given]) => [as, href, given]);
    expect(preloads).toEqual([['script', comms.remoteEntry, nonce], ['script', `/remotes/comms/${comms.release}/${CHUNK}`, nonce]]);
    expect((await call(t.app, 'GET', `/remotes/comms/${comms.release}/${CHUNK}`)).status).toBe(200);
    expect(page.body).not.toContain('__PORTAL_');
    const home = await call(t.app, 'GET', '/');
    expect(home.body).not.toContain('rel="preload"');
    expect((await call(t.app, 'GET', '/dealers/list')).body).not.toContain('rel="preload"');
  });

  test('menu words cannot close the page\'s script, and a new live release shows on the next page', async () => {
    const hostile = '</script><script>alert(1)</script> __CSP_NONCE__';
    const dir = writeRemoteBuild(mkdtempSync(path.join(tmpdir(), 'build-')), 'comms', {
      portal: { menu: [{ key: 'news', label: { ru: hostile, en: 'News' }, path: 'news', roles: ['dealer', 'manager', 'admin'] }] },
    });
    const uploaded = await call(t.app, 'POST', '/api/remotes/comms/releases/', { token: tokens.admin, body: await tarGz(dir), headers: { 'content-type': 'application/gzip' } });
    rmSync(dir, { recursive: true, force: true });
    const live = pageRegistry((await call(t.app, 'GET', '/')).body).remotes[0].release;
    expect((await call(t.app, 'POST', '/api/remotes/comms/live/', { token: tokens.admin, body: { release: uploaded.json.id }, headers: { 'if-match': live } })).status).toBe(200);
    const page = await call(t.app, 'GET', '/');
    expect(page.body).not.toContain('</script><script>alert');
    expect(page.body).toContain('\\u003c/script>');
    const registry = pageRegistry(page.body);
    expect(registry.remotes[0].release).toBe(uploaded.json.id);
    expect(registry.remotes[0].menu[0].label.ru).toBe(hostile);
  });

  test('GET /api/remotes/registry/ gives each role the remotes it sees, before the contract too', async () => {
    const names = async (token: string) => (await call(t.app, 'GET', '/api/remotes/registry/', { token })).json.remotes.map((r: { name: string }) => r.name);
    expect(await names(tokens.dealer)).toEqual(['comms', 'orders']); // dealer2 has not signed the contract
    expect(await names(tokens.manager)).toEqual(['comms', 'dealers', 'orders']);
    expect(await names(tokens.admin)).toEqual(['comms', 'dealers', 'orders']);
    expect((await call(t.app, 'GET', '/api/remotes/registry/')).status).toBe(401);
  });

  const setOverride = (token: string, body: unknown) => call(t.app, 'POST', '/api/remotes/overrides/', { token, body });
  const cookieOf = (answer: Awaited<ReturnType<typeof call>>) => String(answer.headers['set-cookie']).split(';')[0];

  test('overrides: staff only, to allowed origins, a signed HttpOnly cookie that the page and its policy follow', async () => {
    expect((await setOverride(tokens.dealer, { name: 'comms', manifest: 'http://localhost:3001/mf-manifest.json' })).status).toBe(404);
    const foreign = await setOverride(tokens.manager, { name: 'comms', manifest: 'https://evil.example/mf-manifest.json' });
    expect([foreign.status, Object.keys(foreign.json.fields)]).toEqual([400, ['manifest']]);
    expect((await setOverride(tokens.manager, { name: 'comms', manifest: 'javascript:alert(1)' })).status).toBe(400);
    expect((await setOverride(tokens.manager, { name: 'nowhere', manifest: 'http://localhost:3001/mf-manifest.json' })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/remotes/overrides/', { token: tokens.manager })).status).toBe(404);

    const set = await setOverride(tokens.manager, { name: 'comms', manifest: 'http://localhost:3001/mf-manifest.json' });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ overrides: { comms: 'http://localhost:3001/mf-manifest.json' } });
    const header = String(set.headers['set-cookie']);
    expect(header).toMatch(/^portal_overrides=[^;]+; Path=\/; HttpOnly; SameSite=Strict/);
    const cookie = cookieOf(set);

    const page = await call(t.app, 'GET', '/comms/news', { headers: { cookie } });
    expect(page.headers['content-security-policy']).toBe(portalPolicy(nonceOf(page.headers['content-security-policy']), ['http://localhost:3001']));
    const comms = pageRegistry(page.body).remotes.find((r: { name: string }) => r.name === 'comms');
    expect(comms).toMatchObject({ entry: 'http://localhost:3001/mf-manifest.json', remoteEntry: '', override: true });
    expect(page.body).not.toContain('rel="preload"');

    const own = await call(t.app, 'GET', '/api/remotes/registry/', { token: tokens.manager, headers: { cookie } });
    expect(own.json.remotes.find((r: { name: string }) => r.name === 'comms')).toMatchObject({ override: true, remoteEntry: '' });
    const other = await call(t.app, 'GET', '/api/remotes/registry/', { token: tokens.admin, headers: { cookie } });
    expect(other.json.remotes.find((r: { name: string }) => r.name === 'comms').override).toBeUndefined();

    const [payload, signature] = cookie.split('=')[1].split('.');
    const forged = Buffer.from(JSON.stringify({ user: 1, overrides: { comms: 'http://localhost:3001/x.json' } })).toString('base64url');
    for (const tampered of [`portal_overrides=${forged}.${signature}`, `portal_overrides=${payload}.${signature.slice(1)}x`]) {
      const answer = await call(t.app, 'GET', '/comms/news', { headers: { cookie: tampered } });
      expect(pageRegistry(answer.body).remotes.some((r: { override?: boolean }) => r.override)).toBe(false);
      expect(answer.headers['content-security-policy']).not.toContain('localhost:3001');
    }

    const cleared = await call(t.app, 'DELETE', '/api/remotes/overrides/?name=comms', { token: tokens.manager, headers: { cookie } });
    expect([cleared.status, cleared.json]).toEqual([200, { overrides: {} }]);
    expect(String(cleared.headers['set-cookie'])).toMatch(/^portal_overrides=; .*Max-Age=0/);
  });

  describe('an override outlives nothing that granted it (issue 30 item 6)', () => {
    const manifest = 'http://localhost:3002/mf-manifest.json';
    /** Whether the page drawn with `cookie` follows an override. */
    const pageOverridden = async (cookie: string) => {
      const page = await call(t.app, 'GET', '/comms/news', { headers: { cookie } });
      return pageRegistry(page.body).remotes.some((r: { override?: boolean }) => r.override) || String(page.headers['content-security-policy']).includes('localhost:3002');
    };
    /** A manager of its own (the tests demote it, end its sessions) and its override cookie. */
    const staffWithOverride = async () => {
      const made = await call(t.app, 'POST', '/api/users/', { token: tokens.admin, body: { email: `override-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, first_name: 'Пере', last_name: 'Определение', role: 'manager' } });
      expect(made.status).toBe(201);
      const user = await t.app.db.selectFrom('users').selectAll().where('id', '=', made.json.id).executeTakeFirstOrThrow();
      const { access, refresh } = await tokensFor(t.app, user.email);
      const set = await setOverride(access, { name: 'comms', manifest });
      expect(set.status).toBe(200);
      const cookie = cookieOf(set);
      expect(await pageOverridden(cookie)).toBe(true);
      return { id: user.id, email: user.email, access, refresh, cookie, header: String(set.headers['set-cookie']) };
    };
    const cleared = (answer: Awaited<ReturnType<typeof call>>) => [answer.headers['set-cookie']].flat().some((c) => /^portal_overrides=; .*Max-Age=0/.test(String(c)));

    test('the cookie expires, and its signed payload says when it was made: an older one than OVERRIDE_TTL_SECONDS counts for nothing', async () => {
      const staff = await staffWithOverride();
      expect(staff.header).toMatch(new RegExp(`Max-Age=${OVERRIDE_TTL_SECONDS}(;|$)`));
      const payload = JSON.parse(Buffer.from(staff.cookie.split('=')[1].split('.')[0], 'base64url').toString('utf8'));
      expect(payload).toEqual({ user: staff.id, made: expect.any(Number), overrides: { comms: manifest } });
      expect(Math.abs(payload.made - Date.now())).toBeLessThan(60_000);
      const signed = (made: number) => `${OVERRIDE_COOKIE}=${signOverrides({ user: staff.id, made, overrides: { comms: manifest } }, t.app.releases.overrideSecret)}`;
      expect(await pageOverridden(signed(Date.now() - OVERRIDE_TTL_SECONDS * 1000 + 60_000))).toBe(true);
      expect(await pageOverridden(signed(Date.now() - OVERRIDE_TTL_SECONDS * 1000 - 1000))).toBe(false);
      // Made in the future: not by us.
      expect(await pageOverridden(signed(Date.now() + 10 * 60_000))).toBe(false);
      // Without the time of making (a cookie of before this change): nothing.
      const undated = Buffer.from(JSON.stringify({ user: staff.id, overrides: { comms: manifest } })).toString('base64url');
      expect(await pageOverridden(`${OVERRIDE_COOKIE}=${undated}.${createHmac('sha256', t.app.releases.overrideSecret).update(undated).digest('base64url')}`)).toBe(false);
    });

    test('it applies only while its user may make one: demoted to dealer, the page and the registry drop it, and the user may still delete it', async () => {
      const staff = await staffWithOverride();
      const dealerId = (await t.app.db.selectFrom('dealers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const demoted = await call(t.app, 'PUT', `/api/users/${staff.id}/`, { token: tokens.admin, body: { first_name: 'Пере', last_name: 'Определение', role: 'dealer', dealer: dealerId } });
      expect(demoted.status).toBe(200);
      expect(await pageOverridden(staff.cookie)).toBe(false);
      const dealerToken = (await tokensFor(t.app, staff.email)).access;
      const registry = await call(t.app, 'GET', '/api/remotes/registry/', { token: dealerToken, headers: { cookie: staff.cookie } });
      expect(registry.json.remotes.some((r: { override?: boolean }) => r.override)).toBe(false);
      // The right alone gone (no session ended): the same.
      const other = await staffWithOverride();
      await t.app.db.updateTable('users').set({ role: 'dealer', dealer_id: dealerId }).where('id', '=', other.id).execute();
      expect(await pageOverridden(other.cookie)).toBe(false);
      await t.app.db.updateTable('users').set({ role: 'manager', dealer_id: null }).where('id', '=', other.id).execute();
      expect(await pageOverridden(other.cookie)).toBe(true);
      // Any signed-in user may delete the cookie its browser holds: a dealer too, before the contract too.
      for (const token of [dealerToken, tokens.dealer]) {
        const deleted = await call(t.app, 'DELETE', '/api/remotes/overrides/', { token, headers: { cookie: other.cookie } });
        expect([deleted.status, deleted.json, cleared(deleted)]).toEqual([200, { overrides: {} }, true]);
      }
      expect((await setOverride(dealerToken, { name: 'comms', manifest })).status).toBe(404);
    });

    test('a cookie made before the user\'s sessions ended (a password change) counts for nothing', async () => {
      const staff = await staffWithOverride();
      await t.app.tokens.endSessions(staff.id);
      expect(await pageOverridden(staff.cookie)).toBe(false);
      // Made again after: it counts.
      const again = await setOverride((await tokensFor(t.app, staff.email)).access, { name: 'comms', manifest });
      expect(await pageOverridden(cookieOf(again))).toBe(true);
    });

    test('it ends at sign-out and when another user signs in in that browser; the same user\'s sign-in keeps it', async () => {
      const staff = await staffWithOverride();
      const loggedOut = await call(t.app, 'POST', '/api/token/logout/', { body: { refresh: staff.refresh }, headers: { cookie: staff.cookie } });
      expect([loggedOut.status, cleared(loggedOut)]).toEqual([204, true]);
      const withoutCookie = await call(t.app, 'POST', '/api/token/logout/', { body: { refresh: (await tokensFor(t.app, 'admin@demo.test')).refresh } });
      expect([withoutCookie.status, withoutCookie.headers['set-cookie']]).toEqual([204, undefined]);

      const next = await staffWithOverride();
      const password = 'a-password-of-its-own';
      await t.app.db.updateTable('users').set({ password_hash: await hashPassword(password, TEST_PASSWORD_HASH_COST) }).where('id', '=', next.id).execute();
      const same = await call(t.app, 'POST', '/api/token/', { body: { email: next.email, password }, headers: { cookie: next.cookie } });
      expect([same.status, cleared(same)]).toEqual([200, false]);
      const another = await call(t.app, 'POST', '/api/token/', { body: { email: 'dealer@demo.test', password: DEMO_PASSWORD }, headers: { cookie: next.cookie } });
      expect([another.status, cleared(another)]).toEqual([200, true]);
      // The device cookie of the sign-in is still set beside it.
      expect([another.headers['set-cookie']].flat().some((c) => String(c).startsWith('portal_device='))).toBe(true);
    });
  });

  test('with REMOTE_OVERRIDES off, the routes answer 404 and a cookie is ignored entirely', async () => {
    const cookie = cookieOf(await setOverride(tokens.admin, { name: 'orders', manifest: 'http://127.0.0.1:9000/mf-manifest.json' }));
    const off = await buildApp({ ...t.config, remoteOverrides: false });
    try {
      expect((await call(off, 'POST', '/api/remotes/overrides/', { token: tokens.admin, body: { name: 'orders', manifest: 'http://127.0.0.1:9000/mf-manifest.json' } })).status).toBe(404);
      expect((await call(off, 'DELETE', '/api/remotes/overrides/', { token: tokens.admin })).status).toBe(404);
      const page = await call(off, 'GET', '/orders', { headers: { cookie } });
      expect(page.headers['content-security-policy']).not.toContain('127.0.0.1:9000');
      expect(pageRegistry(page.body).remotes.some((r: { override?: boolean }) => r.override)).toBe(false);
      const registry = await call(off, 'GET', '/api/remotes/registry/', { token: tokens.admin, headers: { cookie } });
      expect(registry.json.remotes.some((r: { override?: boolean }) => r.override)).toBe(false);
    } finally {
      await off.close();
    }
  }, 30_000);

  test('seeding: a second start adds nothing; a rebuild replaces a system release; a team\'s release is kept', async () => {
    const releases = async (name: string) => t.app.db.selectFrom('remote_releases').select(['id', 'created_by']).where('remote', '=', name).execute();
    const live = async (name: string) => (await t.app.db.selectFrom('remotes').select('live_release').where('name', '=', name).executeTakeFirstOrThrow()).live_release;
    const before = { orders: (await releases('orders')).length, dealers: (await releases('dealers')).length, liveOrders: await live('orders') };
    // Two processes starting at once on the same database.
    const again = await Promise.all([buildApp(t.config), buildApp(t.config)]);
    await Promise.all(again.map((app) => app.close()));
    expect((await releases('orders')).length).toBe(before.orders);
    expect(await live('orders')).toBe(before.liveOrders);

    writeRemoteBuild(path.join(dist, 'remotes/orders'), 'orders', { text: 'rebuilt' });
    writeRemoteBuild(path.join(dist, 'remotes/comms'), 'comms', { text: 'rebuilt' }); // comms' live release is the admin's
    const liveComms = await live('comms');
    const rebuilt = await Promise.all([buildApp(t.config), buildApp(t.config)]);
    await Promise.all(rebuilt.map((app) => app.close()));
    expect((await releases('orders')).length).toBe(before.orders + 1);
    const newLive = await live('orders');
    expect(newLive).not.toBe(before.liveOrders);
    expect((await releases('orders')).find((r) => r.id === newLive)!.created_by).toBe('system');
    expect(await live('comms')).toBe(liveComms);
    expect((await releases('dealers')).length).toBe(before.dealers);
  }, 60_000);

  test('a process whose RELEASES_DIR is not the one the others share says so at start, naming the remotes it cannot serve', async () => {
    const alone = mkdtempSync(path.join(tmpdir(), 'portal-releases-'));
    const warnings: string[] = [];
    try {
      expect(await remotesWithoutLiveFiles(t.app.db, { releasesDir: alone, releasesKept: 5 })).toEqual(['comms', 'dealers', 'orders']);
      expect(await remotesWithoutLiveFiles(t.app.db, { releasesDir: t.app.config.releasesDir, releasesKept: 5 })).toEqual([]);
      // A process with its own empty folder: every remote is live already (made by the others).
      await seedReleases({
        db: t.app.db, files: { releasesDir: alone, releasesKept: 5 }, entries: [], portalDist: undefined,
        host: { contractVersion: '2.2.0', provided: () => undefined }, warn: (m) => warnings.push(m),
      });
      expect(warnings).toEqual(expect.arrayContaining([expect.stringMatching(/live release of comms has no files in .*every API process must share one RELEASES_DIR/)]));
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  }, 60_000);
});
