import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, createTestApp, type TestApp } from '../test/test-app';

// With a built portal, as deployed: its @fastify/static at `/` and the UI's own one must both serve.
describe('Swagger UI at /api/docs/', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp('sqlite', { portalDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('/api/docs/ is the UI page, and its scripts are served', async () => {
    const page = await call(t.app, 'GET', '/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('./static/swagger-ui-bundle.js');
    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const asset = await call(t.app, 'GET', `/api/docs/static/${file}`);
      expect([file, asset.status]).toEqual([file, 200]);
    }
  });

  test('the spec the UI loads lists the API, without the UI\'s own routes', async () => {
    const initializer = await call(t.app, 'GET', '/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain("resolveUrl('./json')");
    const spec = await call(t.app, 'GET', '/api/docs/json');
    expect(spec.status).toBe(200);
    expect(spec.json.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.json.paths)).toEqual(expect.arrayContaining(['/api/token/', '/api/news/']));
    expect(Object.keys(spec.json.paths).filter((p) => p.startsWith('/api/docs') || p.startsWith('/api/schema'))).toEqual([]);
    expect((await call(t.app, 'GET', '/api/schema/')).json.paths).toEqual(spec.json.paths);
  });

  test('a missing file under /api/docs/ is the API\'s usual 404', async () => {
    const missing = await call(t.app, 'GET', '/api/docs/static/nothing.js');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: expect.any(String), code: 'not_found' });
  });
});
