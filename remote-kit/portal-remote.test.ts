// portal-remote deploy against a stand-in portal (the requests it receives are the API's paths of
// design §6), and what the builds publish for the release gate (metaData.portal of a remote and of the host).
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv from 'ajv';

jest.setTimeout(120_000);

const root = path.join(__dirname, '..');
const bin = path.join(__dirname, 'bin/portal-remote.mjs');

function run(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The names in a tar stream (ustar headers), enough to see what an upload holds. */
function tarNames(gz: Buffer): string[] {
  const tar = gunzipSync(gz);
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const name = tar.subarray(at, at + 100).toString('utf8').replace(/\0.*$/s, '');
    if (!name) break;
    const size = parseInt(tar.subarray(at + 124, at + 136).toString('utf8').trim() || '0', 8);
    names.push(name);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }

/** A portal that answers each call from `answers` (method and path → status and JSON) and keeps what it was sent. */
async function standInPortal(answers: Record<string, [number, unknown]>) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const [status, body] = answers[`${req.method} ${req.url}`] ?? [404, { detail: 'not found' }];
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('portal-remote deploy', () => {
  let tmp: string;
  let built: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
    built = path.join(tmp, 'dist');
    mkdirSync(path.join(built, 'static'), { recursive: true });
    writeFileSync(path.join(built, 'mf-manifest.json'), JSON.stringify({ metaData: { portal: { name: 'comms' } } }));
    writeFileSync(path.join(built, 'remoteEntry.js'), 'var comms;');
    writeFileSync(path.join(built, 'static/1.abcdef12.js'), '1');
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  test('reads the live release, uploads the folder as a gzip tar with its contents at the root, then activates it with If-Match on the release live before the upload', async () => {
    const portal = await standInPortal({
      'POST /api/remotes/comms/releases/': [201, { id: 'r8', contractVersion: '2.2.0' }],
      'GET /api/remotes/': [200, [{ name: 'comms', live: { id: 'r7' } }]],
      'POST /api/remotes/comms/live/': [200, { name: 'comms', live: { id: 'r8' } }],
    });
    const result = await run([bin, 'deploy', '--portal', `${portal.url}/`, '--key', 'k-123', '--dir', built], { cwd: tmp });
    await portal.close();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/comms is live at release r8 \(was r7\) in \d+\.\d s/);
    const [list, upload, activate] = portal.seen;
    expect(portal.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/remotes/', 'POST /api/remotes/comms/releases/', 'POST /api/remotes/comms/live/']);
    expect(upload.headers['content-type']).toBe('application/gzip');
    for (const call of portal.seen) expect(call.headers.authorization).toBe('Bearer k-123');
    expect(tarNames(upload.body).sort()).toEqual(['mf-manifest.json', 'remoteEntry.js', 'static/', 'static/1.abcdef12.js']);
    expect(list.method).toBe('GET');
    expect(activate.headers['if-match']).toBe('r7');
    expect(JSON.parse(activate.body.toString())).toEqual({ release: 'r8' });
  });

  test('a remote with no live release is activated with If-Match: *', async () => {
    const portal = await standInPortal({
      'POST /api/remotes/comms/releases/': [201, { id: 'r1' }],
      'GET /api/remotes/': [200, [{ name: 'comms', live: null }]],
      'POST /api/remotes/comms/live/': [200, { name: 'comms', live: { id: 'r1' } }],
    });
    const result = await run([bin, 'deploy', '--portal', portal.url, '--key', 'k', '--dir', built], { cwd: tmp });
    await portal.close();
    expect(result.status).toBe(0);
    expect(portal.seen[2].headers['if-match']).toBe('*');
  });

  test('a build the gate refuses prints every reason, activates nothing and exits 1', async () => {
    const portal = await standInPortal({
      'GET /api/remotes/': [200, [{ name: 'comms', live: { id: 'r7' } }]],
      'POST /api/remotes/comms/releases/': [422, { code: 'incompatible', reasons: [
        { code: 'contract_major', message: 'built for contract 3.0.0, the portal runs 2.2.0' },
        { code: 'shared_range', message: 'react ^20.0.0: the portal provides 19.3.1' },
      ] }],
    });
    const result = await run([bin, 'deploy', '--portal', portal.url, '--key', 'k', '--dir', built], { cwd: tmp });
    await portal.close();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('contract_major: built for contract 3.0.0, the portal runs 2.2.0');
    expect(result.stderr).toContain('shared_range: react ^20.0.0: the portal provides 19.3.1');
    expect(portal.seen.map((s) => s.method)).toEqual(['GET', 'POST']);
  });

  test('two deploys started together: one goes live, the other is told another deploy came first (it read the live release before its upload)', async () => {
    // A portal that keeps its live release: uploads take 300 ms, an activation whose If-Match is not the live release is 412.
    let live = 'r7';
    let made = 0;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const send = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        if (req.method === 'GET' && req.url === '/api/remotes/') return send(200, [{ name: 'comms', live: { id: live } }]);
        if (req.method === 'POST' && req.url === '/api/remotes/comms/releases/') {
          made += 1;
          const id = `u${made}`;
          setTimeout(() => send(201, { id }), 300);
          return undefined;
        }
        if (req.method === 'POST' && req.url === '/api/remotes/comms/live/') {
          if (req.headers['if-match'] !== live) return send(412, { code: 'precondition_failed' });
          live = (JSON.parse(Buffer.concat(chunks).toString()) as { release: string }).release;
          return send(200, { name: 'comms', live: { id: live } });
        }
        return send(404, {});
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const results = await Promise.all([1, 2].map(() => run([bin, 'deploy', '--portal', url, '--key', 'k', '--dir', built], { cwd: tmp })));
    await new Promise((resolve) => server.close(resolve));
    expect(results.map((r) => r.status).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.status === 1)!.stderr).toContain('another deploy of comms came first (live is no longer r7)');
    expect(['u1', 'u2']).toContain(live);
  });

  test('a key the portal refuses, a key of another remote and a portal that cannot be reached are each said plainly, exit 1', async () => {
    const refused = await standInPortal({ 'GET /api/remotes/': [401, { message: 'Сеанс истёк. Войдите снова.' }] });
    const wrongKey = await run([bin, 'deploy', '--portal', refused.url, '--key', 'wrong', '--dir', built], { cwd: tmp });
    await refused.close();
    expect(wrongKey.status).toBe(1);
    expect(wrongKey.stderr).toContain('This deploy key does not belong to comms (the portal answered 401): check --key or PORTAL_DEPLOY_KEY');
    expect(wrongKey.stderr).not.toContain('Войдите');

    // A key reads its own remote only: a build named comms deployed with the orders key goes to
    // orders, whose gate says what is wrong (its `name` reason).
    const otherRemote = await standInPortal({
      'GET /api/remotes/': [200, [{ name: 'orders', live: { id: 'o1' } }]],
      'POST /api/remotes/orders/releases/': [422, { code: 'incompatible', message: 'The portal cannot run this build.', reasons: [{ code: 'name', message: 'metaData.portal.name is "comms", but this is the release of "orders"' }] }],
    });
    const other = await run([bin, 'deploy', '--portal', otherRemote.url, '--key', 'orders-key', '--dir', built], { cwd: tmp });
    await otherRemote.close();
    expect(other.status).toBe(1);
    expect(other.stderr).toContain('the portal refused this build of comms for orders:\n  name: metaData.portal.name is "comms", but this is the release of "orders"');
    expect(otherRemote.seen.map((r) => `${r.method} ${r.url}`)).not.toContain('POST /api/remotes/orders/live/');

    const refusedKey = await standInPortal({
      'GET /api/remotes/': [200, [{ name: 'comms', live: { id: 'c1' } }]],
      'POST /api/remotes/comms/releases/': [404, { code: 'deploy_key_refused', message: 'This deploy key does not belong to comms.' }],
    });
    const elsewhere = await run([bin, 'deploy', '--portal', refusedKey.url, '--key', 'k', '--dir', built], { cwd: tmp });
    await refusedKey.close();
    expect(elsewhere.status).toBe(1);
    expect(elsewhere.stderr).toContain('This deploy key does not belong to comms (the portal answered 404)');

    const closed = await standInPortal({});
    await closed.close();
    const unreachable = await run([bin, 'deploy', '--portal', closed.url, '--key', 'k', '--dir', built], { cwd: tmp });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toMatch(new RegExp(`the portal at ${closed.url.replace(/[.]/g, '\\.')} cannot be reached \\(ECONNREFUSED\\)`));
    expect(unreachable.stderr).not.toMatch(/\n\s+at /);
  });

  test('412 on activation: another deploy came first, exit 1', async () => {
    const portal = await standInPortal({
      'POST /api/remotes/comms/releases/': [201, { id: 'r9' }],
      'GET /api/remotes/': [200, [{ name: 'comms', live: { id: 'r7' } }]],
      'POST /api/remotes/comms/live/': [412, { detail: 'precondition failed' }],
    });
    const result = await run([bin, 'deploy', '--portal', portal.url, '--key', 'k', '--dir', built], { cwd: tmp });
    await portal.close();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('another deploy of comms came first');
  });
});

describe('what a build publishes for the release gate', () => {
  const ajv = new Ajv({ strict: false });
  ajv.addSchema(JSON.parse(readFileSync(path.join(root, 'shared/schemas/menu.schema.json'), 'utf8')));
  const validPortal = ajv.compile(JSON.parse(readFileSync(path.join(root, 'shared/schemas/portal-metadata.schema.json'), 'utf8')));
  const contract = /CONTRACT_VERSION\s*=\s*'([^']+)'/.exec(readFileSync(path.join(root, 'shared/src/version.ts'), 'utf8'))![1];
  let tmp: string;
  beforeAll(() => { tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-meta-')); });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  test('a remote: its name, contract, build version and commit, menu, and the range of each singleton it consumes', async () => {
    const out = path.join(tmp, 'comms');
    const result = await run(['scripts/build.mjs', 'comms', '--out', out], { env: { PORTAL_BUILD_VERSION: '4.5.6', PORTAL_GIT_SHA: 'abcdef1234567' } });
    expect(result.status).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(out, 'mf-manifest.json'), 'utf8'));
    const portal = manifest.metaData.portal;
    expect(validPortal(portal)).toBe(true);
    expect(Object.keys(portal)).toEqual(['name', 'contractVersion', 'version', 'gitSha', 'menu', 'widgets', 'shared']);
    expect(portal).toMatchObject({ name: 'comms', contractVersion: contract, version: '4.5.6', gitSha: 'abcdef1234567' });
    const published = JSON.parse(readFileSync(path.join(root, 'remotes/comms/src/menu.json'), 'utf8'));
    expect(portal.menu).toEqual(published.menu);
    expect(portal.widgets).toEqual(published.widgets);
    const sharedJson = JSON.parse(readFileSync(path.join(root, 'shared/package.json'), 'utf8'));
    // Exactly the modules the manifest says it consumes, each with the contract's peer range.
    expect(Object.keys(portal.shared).sort()).toEqual(manifest.shared.map((s: { name: string }) => s.name).sort());
    expect(portal.shared).toMatchObject({ react: sharedJson.peerDependencies.react, 'antd/es/button': sharedJson.peerDependencies.antd, '@portal/shared': `^${contract.split('.')[0]}.0.0` });
  });

  test('the host: the contract version and the version of every singleton it provides', async () => {
    const out = path.join(tmp, 'host');
    const result = await run(['scripts/build.mjs', 'host', '--out', out]);
    expect(result.status).toBe(0);
    const portal = JSON.parse(readFileSync(path.join(out, 'mf-manifest.json'), 'utf8')).metaData.portal;
    const version = (pkg: string) => JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
    expect(portal.contractVersion).toBe(contract);
    expect(portal.shared).toMatchObject({ react: version('react'), 'react-dom/client': version('react-dom'), 'antd/es/table': version('antd'), '@portal/shared': contract });
    const components = JSON.parse(readFileSync(path.join(root, 'shared/antd-components.json'), 'utf8')).components as string[];
    for (const c of components) expect(portal.shared[`antd/es/${c}`]).toBe(version('antd'));
  });

  test('PORTAL_CONTRACT_VERSION still overrides the version a remote is built against (e2e builds a 3.0.0 comms)', async () => {
    const out = path.join(tmp, 'comms3');
    const result = await run(['scripts/build.mjs', 'comms', '--out', out], { env: { PORTAL_CONTRACT_VERSION: '3.0.0' } });
    expect(result.status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(out, 'mf-manifest.json'), 'utf8')).metaData.portal.contractVersion).toBe('3.0.0');
  });
});

describe('a library the page shares, bundled by a remote (issue 32 item 4)', () => {
  let copy: string;
  beforeAll(() => {
    // Inside the repository, so that the copy finds the repository's installs.
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    copy = mkdtempSync(path.join(root, '.tmp/unshared-'));
    for (const item of ['src', 'package.json', 'tsconfig.json']) cpSync(path.join(root, 'remotes/comms', item), path.join(copy, item), { recursive: true });
    // An antd component the page does not share, and a file inside React DOM: each a copy of a library.
    const screen = path.join(copy, 'src/features/news/list.tsx');
    writeFileSync(screen, `${readFileSync(screen, 'utf8')}\nimport Rate from 'antd/es/rate';\nimport { renderToString } from 'react-dom/server';\nexport const extras = [Rate, renderToString];\n`);
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  test('check names each import and what to import instead, exit 1', async () => {
    const result = await run([bin, 'check', '--skip-types'], { cwd: copy });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('FAIL unshared_library: src/features/news/list.tsx imports antd/es/rate, which the build would bundle as its own copy of a library the page shares (only antd/es/<component> of @portal/shared/antd-components.json is shared)');
    expect(result.stderr).toContain('FAIL unshared_library: src/features/news/list.tsx imports react-dom/server');
    expect(result.stdout).not.toContain('ok   imports');
  });

  test('build refuses it, naming the package and its modules, and writes no release', async () => {
    const out = path.join(copy, 'dist');
    const result = await run([bin, 'build', '--out', out], { cwd: copy });
    expect(result.status).toBe(1);
    const said = result.stdout + result.stderr;
    expect(said).toMatch(/unshared_library: this build bundles its own copy of antd, which the portal's page shares: antd\/es\/rate\/index\.js \(imported by src\/features\/news\/list\.tsx\); \d+ modules of antd in all\. Import antd's components as antd\/es\/<component>/);
    expect(said).toMatch(/unshared_library: this build bundles its own copy of react-dom, which the portal.s page shares: react-dom\/server[.\w]*\.js \(imported by src\/features\/news\/list\.tsx\)/);
    expect(said).not.toMatch(/built comms into/);
  });

  test('the remotes of this repository bundle none', async () => {
    const result = await run([bin, 'check', '--skip-types'], { cwd: path.join(root, 'remotes/catalog') });
    expect([result.status, result.stdout]).toEqual([0, expect.stringContaining('ok   imports: no library the page shares is bundled')]);
  });
});
