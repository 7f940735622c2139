import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, createTestApp, type TestApp } from '../test/test-app';

// With a built portal, as deployed: its static files at `/` (memory-static.ts) and the UI's own @fastify/static must both serve.
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

// The portal's entity types are generated from /api/schema/: a status must be its lifecycle's
// statuses there, not any string.
describe('statuses and roles in /api/schema/', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp('sqlite'); });
  afterAll(async () => { await t?.close(); });

  /** The values a schema allows: `enum`, or an `anyOf` of `const`s; null when it allows any string. */
  const valuesOf = (schema: { enum?: string[]; anyOf?: Array<{ const?: string }> }): string[] | null =>
    schema.enum ?? (schema.anyOf?.every((s) => typeof s.const === 'string') ? schema.anyOf.map((s) => s.const!) : null);

  test.each([
    ['/api/orders/', 'status', ['new', 'confirmed', 'shipped', 'completed', 'cancelled']],
    ['/api/orderdelreq/', 'status', ['pending', 'approved', 'rejected']],
    ['/api/shippings/', 'status', ['preparing', 'in_transit', 'delivered']],
    ['/api/claims/', 'status', ['new', 'in_review', 'accepted', 'rejected', 'closed']],
    ['/api/regreq/', 'status', ['new', 'approved', 'rejected']],
    ['/api/users/', 'role', ['dealer', 'manager', 'admin']],
  ])('%s items declare %s as its values', async (path, field, values) => {
    const spec = (await call(t.app, 'GET', '/api/schema/')).json;
    const list = spec.paths[path].get.responses['200'].content['application/json'].schema;
    const item = spec.paths[`${path}{id}/`].get.responses['200'].content['application/json'].schema;
    expect(valuesOf(list.properties.results.items.properties[field])).toEqual(values);
    expect(valuesOf(item.properties[field])).toEqual(values);
  });
});
