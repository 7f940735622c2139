import crypto from 'node:crypto';
import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CHUNK, writeRemoteBuild } from '../test/remote-builds';
import { call, createTestApp, tokensFor, type TestApp } from '../test/test-app';
import { NONCE_PLACEHOLDER, portalPolicy, remoteOrigins } from './portal-static';

describe('the built portal at /', () => {
  let t: TestApp;
  let dist: string;
  /** The live release of comms, seeded from its built folder. */
  let comms: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  };
  const bigScript = `console.log(${JSON.stringify('портал '.repeat(2000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    write('index.html', `<!doctype html><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}"><style nonce="${NONCE_PLACEHOLDER}">body{margin:0}</style>`
      + `<title>Портал</title><div id="root"></div><script nonce="${NONCE_PLACEHOLDER}">window.early = 1;</script>`);
    write('remotes.json', JSON.stringify({ remotes: [{ name: 'comms', entry: '/remotes/comms/mf-manifest.json', basePath: '/comms' }] }));
    write('mf-manifest.json', '{"id":"host"}');
    write('static/js/main.3f2a1b.js', bigScript);
    writeRemoteBuild(path.join(dist, 'remotes/comms'), 'comms');
    t = await createTestApp('sqlite', { portalDist: dist });
    comms = (await t.app.db.selectFrom('remotes').select('live_release').where('name', '=', 'comms').executeTakeFirstOrThrow()).live_release!;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('remotes.json and the host\'s mf-manifest.json are no-cache; remotes.json names each remote\'s live release', async () => {
    for (const url of ['/remotes.json', '/mf-manifest.json']) {
      const answer = await call(t.app, 'GET', url);
      expect([url, answer.status, answer.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
    }
    expect((await call(t.app, 'GET', '/mf-manifest.json')).headers.etag).toBeTruthy();
    expect((await call(t.app, 'GET', '/remotes.json')).json).toEqual({
      remotes: [{ name: 'comms', entry: `/remotes/comms/${comms}/mf-manifest.json`, basePath: '/comms' }],
    });
  });

  /** The nonce an answer of the page carries, checked to be the one its policy names everywhere the placeholder was. */
  const pageNonce = (answer: Awaited<ReturnType<typeof call>>) => {
    const policy = String(answer.headers['content-security-policy']);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 128 random bits
    expect(answer.body).not.toContain(NONCE_PLACEHOLDER);
    expect(answer.body.split(`nonce="${nonce}"`)).toHaveLength(4);
    return nonce;
  };

  /** The nonce of an answer of the host's own page: the one its policy names, and no placeholder left. */
  const pageNonceOf = (answer: Awaited<ReturnType<typeof call>>) => {
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(answer.headers['content-security-policy']))?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(answer.body).not.toContain(NONCE_PLACEHOLDER);
    return nonce;
  };

  test('the page (at /, /index.html and a portal route) carries a fresh nonce in its body and its policy, never stored', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/index.html', '/comms/news?page=2', '/restore/abc123']) {
      const answer = await call(t.app, 'GET', url);
      expect([url, answer.status, answer.headers['content-type'], answer.headers['cache-control']]).toEqual([url, 200, 'text/html; charset=utf-8', 'no-store']);
      // No validator: a revalidated copy would bring back a body whose nonce the new policy does not name.
      expect([url, answer.headers.etag, answer.headers['last-modified']]).toEqual([url, undefined, undefined]);
      const nonce = pageNonce(answer);
      expect(answer.headers['content-security-policy']).toBe(portalPolicy(nonce, []));
      expect([url, answer.headers['x-frame-options'], answer.headers['referrer-policy'], answer.headers['x-content-type-options']])
        .toEqual([url, 'DENY', 'no-referrer', 'nosniff']);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  test('the page\'s policy: its own origin, inline code only with the nonce, no plugins, no framing, no other <base>', async () => {
    const policy = String((await call(t.app, 'GET', '/')).headers['content-security-policy']);
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'script-src': expect.stringMatching(/^'self' 'nonce-[^']+'$/),
      'style-src': expect.stringMatching(/^'self' 'nonce-[^']+'$/),
    });
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  test('the page is never sent as a plain file: not as a folder index nor by another spelling', async () => {
    for (const url of ['/index%2Ehtml', '/static/../index.html', '/remotes/../index.html']) {
      const answer = await call(t.app, 'GET', url);
      if (answer.status === 200) pageNonce(answer);
      else expect([url, answer.status]).toEqual([url, 404]);
    }
    const folder = await call(t.app, 'GET', '/remotes/');
    expect(folder.body).not.toContain(NONCE_PLACEHOLDER);
  });

  test('every other (content-hashed) file is cached as immutable, varying by encoding', async () => {
    for (const url of ['/static/js/main.3f2a1b.js', `/remotes/comms/${comms}/${CHUNK}`, `/remotes/comms/${comms}/remoteEntry.js`]) {
      const answer = await call(t.app, 'GET', url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, answer.status, answer.headers['cache-control']]).toEqual([url, 200, 'public, max-age=31536000, immutable']);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  test('a portal route with no file gets the page; a missing file with an extension is 404', async () => {
    for (const url of ['/login', '/restore/abc123', '/comms/news?page=2', '/404']) {
      const answer = await call(t.app, 'GET', url);
      expect([url, answer.status, answer.headers['cache-control']]).toEqual([url, 200, 'no-store']);
      expect(answer.body).toContain('id="root"');
    }
    const missing = await call(t.app, 'GET', '/static/js/gone.123.js');
    expect(missing.status).toBe(404);
    const api = await call(t.app, 'GET', '/api/unknown/');
    expect(api.status).toBe(404);
    expect(api.json).toEqual({ code: 'not_found', message: expect.any(String) });
    expect((await call(t.app, 'POST', '/login')).status).toBe(404);
  });

  test('files are read at request time; a remote\'s built folder is never served, only its releases', async () => {
    write('static/js/late.0a1b2c.js', 'export const late = 2;');
    expect((await call(t.app, 'GET', '/static/js/late.0a1b2c.js')).body).toBe('export const late = 2;');
    write('remotes/comms/static/js/news.0a1b2c.js', 'export const news = 2;');
    for (const url of ['/remotes/comms/static/js/news.0a1b2c.js', '/remotes/comms/remoteEntry.js', '/remotes/comms/mf-manifest.json']) {
      expect([url, (await call(t.app, 'GET', url)).status]).toEqual([url, 404]);
    }
  });

  test('files are served from memory: once read, a file is not read from disk again (issue 17 item 4)', async () => {
    const urls = ['/', '/comms/news', '/remotes.json', '/mf-manifest.json', '/static/js/main.3f2a1b.js', `/remotes/comms/${comms}/${CHUNK}`, `/remotes/comms/${comms}/remoteEntry.js`];
    const ask = () => Promise.all(urls.flatMap((url) => ['br', 'gzip', ''].map((encoding) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} }))));
    const first = await ask();
    const spies = [
      jest.spyOn(fs, 'readFileSync'), jest.spyOn(fs, 'readFile'), jest.spyOn(fs, 'createReadStream'), jest.spyOn(fs, 'open'),
      jest.spyOn(fs, 'openSync'), jest.spyOn(fs.promises, 'readFile'), jest.spyOn(fs.promises, 'open'),
    ];
    try {
      const again = await ask();
      expect(again.map((a) => a.statusCode)).toEqual(first.map((a) => a.statusCode));
      expect(again.every((a) => a.statusCode === 200)).toBe(true);
      // The same bytes for every file (the page differs only by its nonce).
      expect(again.map((a, i) => a.headers['cache-control'] === 'no-store' || a.rawPayload.equals(first[i].rawPayload)))
        .toEqual(again.map(() => true));
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  test('the page and the files answer while the thread pool is held (password hashes use it)', async () => {
    await call(t.app, 'GET', `/remotes/comms/${comms}/remoteEntry.js`);
    // Every thread of libuv's pool busy with a key derivation of 0.6 s of one core (more: they share the cores).
    const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    const started = performance.now();
    crypto.pbkdf2Sync('calibrate', 'salt', 20_000, 64, 'sha512');
    const iterations = Math.ceil((20_000 * 600) / Math.max(1, performance.now() - started));
    let poolFree = false;
    const blockers = Promise.all(Array.from({ length: threads }, () => new Promise((resolve) => {
      crypto.pbkdf2('block', 'salt', iterations, 64, 'sha512', resolve);
    }))).then(() => { poolFree = true; });
    try {
      for (const url of ['/', '/static/js/main.3f2a1b.js', `/remotes/comms/${comms}/remoteEntry.js`, `/remotes/comms/${comms}/${CHUNK}`, '/remotes.json']) {
        const answer = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect([url, answer.statusCode, poolFree]).toEqual([url, 200, false]);
      }
    } finally {
      await blockers;
    }
  });

  test('a file changed on disk (a rebuild) is served anew; a validator that matches answers 304', async () => {
    write('static/js/rebuilt.0a1b2c.js', 'export const v = 1;');
    const before = await call(t.app, 'GET', '/static/js/rebuilt.0a1b2c.js');
    expect(before.body).toBe('export const v = 1;');
    expect((await t.app.inject({ method: 'GET', url: '/static/js/rebuilt.0a1b2c.js', headers: { 'if-none-match': String(before.headers.etag) } })).statusCode).toBe(304);
    write('static/js/rebuilt.0a1b2c.js', 'export const v = 22;');
    const after = await call(t.app, 'GET', '/static/js/rebuilt.0a1b2c.js');
    expect(after.body).toBe('export const v = 22;');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    rmSync(path.join(dist, 'static/js/rebuilt.0a1b2c.js'));
    expect((await call(t.app, 'GET', '/static/js/rebuilt.0a1b2c.js')).status).toBe(404);
  });

  test('static files and JSON answers are compressed (brotli and gzip)', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/static/js/main.3f2a1b.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gzip = await t.app.inject({ method: 'GET', url: '/static/js/main.3f2a1b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);
    const plain = await t.app.inject({ method: 'GET', url: '/static/js/main.3f2a1b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const { access } = await t.app.tokens.issue(await t.app.db.selectFrom('users').selectAll().where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow());
    const json = await t.app.inject({ method: 'GET', url: '/api/newsletters/', headers: { authorization: `Bearer ${access}`, 'accept-encoding': 'gzip' } });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(json.rawPayload).toString()).count).toBe(8);
  });

  test('REMOTES_REGISTRY names another file to serve as /remotes.json', async () => {
    const registry = path.join(dist, '..', `${path.basename(dist)}-registry.json`);
    writeFileSync(registry, JSON.stringify({ remotes: [{ name: 'news', entry: 'http://cdn.example/news/mf-manifest.json', basePath: '/news' }] }));
    const other = await createTestApp('sqlite', { portalDist: dist, remotesRegistry: registry });
    try {
      const answer = await call(other.app, 'GET', '/remotes.json');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      // No built folder, so no release: the seed's entry as it is.
      expect(answer.json.remotes[0].entry).toBe('http://cdn.example/news/mf-manifest.json');
      // The page's policy lets in what the registry names on another origin, read anew for every page.
      const page = await call(other.app, 'GET', '/comms/news');
      expect(page.headers['content-security-policy']).toBe(portalPolicy(pageNonce(page), ['http://cdn.example']));
      writeFileSync(registry, JSON.stringify({ remotes: [] }));
      expect((await call(other.app, 'GET', '/remotes.json')).json).toEqual({ remotes: [] });
      const after = await call(other.app, 'GET', '/comms/news');
      expect(after.headers['content-security-policy']).toBe(portalPolicy(pageNonce(after), []));
    } finally {
      await other.close();
      rmSync(registry, { force: true });
    }
  });

  test('the host\'s page carries each menu entry\'s preload in its registry, the user\'s registry too, and reads ahead under the answer\'s nonce (issue 31 item 3)', async () => {
    const NEWS = '/api/news/?page=1&page_size=10&ordering=-published_at';
    const own = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(own, 'index.html'), fs.readFileSync(path.join(__dirname, '../../../host/index.html')));
    writeFileSync(path.join(own, 'remotes.json'), JSON.stringify({ remotes: [{ name: 'comms', entry: '/remotes/comms/mf-manifest.json', basePath: '/comms' }] }));
    const menu = [
      { key: 'news', label: { ru: 'Новости', en: 'News' }, path: '', roles: ['dealer'], preload: NEWS },
      { key: 'letters', label: { ru: 'Рассылки', en: 'Newsletters' }, path: 'letters', roles: ['manager', 'admin'], preload: { manager: '/api/newsletters/', admin: '/api/newsletters/?page=1' } },
    ];
    writeRemoteBuild(path.join(own, 'remotes/comms'), 'comms', { portal: { menu } });
    const other = await createTestApp('sqlite', { portalDist: own });
    try {
      const page = await call(other.app, 'GET', '/comms');
      const nonce = pageNonceOf(page);
      const registry = JSON.parse(/<script type="application\/json" id="portal-registry">([^<]*)<\/script>/.exec(page.body)?.[1] ?? 'null') as { remotes: Array<{ menu: unknown }> };
      expect(registry.remotes[0].menu).toEqual(menu);
      // The script that reads ahead is one the page's policy runs: it carries the answer's nonce, and
      // what it asks for is the portal's own (connect-src 'self').
      const scripts = [...page.body.matchAll(/<script nonce="([^"]*)">([\s\S]*?)<\/script>/g)];
      expect(scripts.filter(([, n, code]) => n === nonce && code.includes('window.__portalPreload'))).toHaveLength(1);
      expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
      // The user's registry (the role-limited remotes come from it) keeps the field.
      const { access } = await tokensFor(other.app, 'manager@demo.test');
      const mine = await call(other.app, 'GET', '/api/remotes/registry/', { token: access });
      expect(mine.json.remotes.find((r: { name: string }) => r.name === 'comms').menu).toEqual(menu);
    } finally {
      await other.close();
      rmSync(own, { recursive: true, force: true });
    }
  });

  test('remote origins: absolute entries by their origin, once; paths are the portal\'s own; anything odd is left out', () => {
    expect(remoteOrigins({
      remotes: [
        { name: 'catalog', entry: '/remotes/catalog/mf-manifest.json' },
        { name: 'comms', entry: 'https://cdn.example/comms/mf-manifest.json' },
        { name: 'news', entry: 'https://cdn.example/news/mf-manifest.json' },
        { name: 'orders', entry: 'http://127.0.0.1:9090/orders/mf-manifest.json' },
        { name: 'ipv6', entry: 'http://[::1]:8081/x/mf-manifest.json' },
        { name: 'relative', entry: 'remotes/admin/mf-manifest.json' },
        { name: 'odd', entry: "https://a;script-src 'unsafe-inline'.example/m.json" },
        { name: 'scheme', entry: 'javascript:alert(1)' },
        { name: 'data', entry: 'data:application/json,{}' },
        { name: 'no entry' },
        null,
      ],
    })).toEqual(['http://127.0.0.1:9090', 'http://[::1]:8081', 'https://cdn.example']);
    expect(remoteOrigins(null)).toEqual([]);
    expect(remoteOrigins({ remotes: 'none' })).toEqual([]);
    expect(portalPolicy('n0nce', ['https://cdn.example'])).toBe(
      "default-src 'self'; script-src 'self' https://cdn.example 'nonce-n0nce'; style-src 'self' https://cdn.example 'nonce-n0nce'; "
      + "connect-src 'self' https://cdn.example; img-src 'self' https://cdn.example data: blob:; font-src 'self' https://cdn.example; "
      + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });
});
