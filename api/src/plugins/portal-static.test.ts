import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { call, createTestApp, type TestApp } from '../test/test-app';

describe('the built portal at /', () => {
  let t: TestApp;
  let dist: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  };
  const bigScript = `console.log(${JSON.stringify('портал '.repeat(2000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    write('index.html', '<!doctype html><title>Портал</title><div id="root"></div>');
    write('remotes.json', JSON.stringify({ remotes: [{ name: 'comms', entry: '/remotes/comms/mf-manifest.json', basePath: '/comms' }] }));
    write('mf-manifest.json', '{"id":"host"}');
    write('static/js/main.3f2a1b.js', bigScript);
    write('remotes/comms/mf-manifest.json', '{"id":"comms"}');
    write('remotes/comms/remoteEntry.js', 'var comms = 1;');
    write('remotes/comms/static/js/news.9c8d7e.js', 'export const news = 1;');
    t = await createTestApp('sqlite', { portalDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('index.html, remotes.json, mf-manifest.json and remoteEntry.js are no-cache', async () => {
    for (const url of ['/', '/index.html', '/remotes.json', '/mf-manifest.json', '/remotes/comms/mf-manifest.json', '/remotes/comms/remoteEntry.js']) {
      const answer = await call(t.app, 'GET', url);
      expect([url, answer.status, answer.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(answer.headers.etag ?? answer.headers['last-modified']).toBeTruthy();
    }
    expect((await call(t.app, 'GET', '/')).body).toContain('id="root"');
  });

  test('every other (content-hashed) file is cached as immutable, varying by encoding', async () => {
    for (const url of ['/static/js/main.3f2a1b.js', '/remotes/comms/static/js/news.9c8d7e.js']) {
      const answer = await call(t.app, 'GET', url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, answer.status, answer.headers['cache-control']]).toEqual([url, 200, 'public, max-age=31536000, immutable']);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  test('a portal route with no file gets index.html (no-cache); a missing file with an extension is 404', async () => {
    for (const url of ['/login', '/restore/abc123', '/comms/news?page=2', '/404']) {
      const answer = await call(t.app, 'GET', url);
      expect([url, answer.status, answer.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(answer.body).toContain('id="root"');
    }
    const missing = await call(t.app, 'GET', '/static/js/gone.123.js');
    expect(missing.status).toBe(404);
    const api = await call(t.app, 'GET', '/api/unknown/');
    expect(api.status).toBe(404);
    expect(api.json).toEqual({ code: 'not_found', message: expect.any(String) });
    expect((await call(t.app, 'POST', '/login')).status).toBe(404);
  });

  test('files are read at request time: a redeployed remote is served on the next request', async () => {
    write('remotes/comms/remoteEntry.js', 'var comms = 2;');
    expect((await call(t.app, 'GET', '/remotes/comms/remoteEntry.js')).body).toBe('var comms = 2;');
    write('remotes/comms/static/js/news.0a1b2c.js', 'export const news = 2;');
    expect((await call(t.app, 'GET', '/remotes/comms/static/js/news.0a1b2c.js')).status).toBe(200);
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
    writeFileSync(registry, JSON.stringify({ remotes: [{ name: 'comms', entry: 'http://cdn.example/comms/mf-manifest.json', basePath: '/comms' }] }));
    const other = await createTestApp('sqlite', { portalDist: dist, remotesRegistry: registry });
    try {
      const answer = await call(other.app, 'GET', '/remotes.json');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.json.remotes[0].entry).toBe('http://cdn.example/comms/mf-manifest.json');
      writeFileSync(registry, JSON.stringify({ remotes: [] }));
      expect((await call(other.app, 'GET', '/remotes.json')).json).toEqual({ remotes: [] });
    } finally {
      await other.close();
      rmSync(registry, { force: true });
    }
  });
});
