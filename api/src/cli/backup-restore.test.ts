// Backups that restore (issue 17 item 7): `npm run backup` beside a live API taking writes, then
// `npm run restore` into a fresh folder and a server on it; and what a restore refuses.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import BetterSqlite3 from '../db/sqlite-driver';
import { create, Header, list } from 'tar';
import { resolveConfig, type AppConfig } from '../config';
import { BACKUP_FORMAT, BackupError, createBackup, MANIFEST, restoreBackup } from '../lib/backup';
import { writePortalDist } from '../test/remote-builds';
import { runNpmScript, startServerProcess, type ServerProcess } from '../test/server-process';
import { until } from '../test/until';

const DEMO_PASSWORD = 'demo-password';
/** The stream of writes uploads more than a dealer's daily quota allows. */
const NO_QUOTA = { UPLOAD_QUOTA_FILES_PER_DAY: '100000', UPLOAD_QUOTA_MB_PER_DAY: '100000' };

/** A PDF the upload check accepts, different for each order. */
const pdf = (n: number) => Buffer.concat([Buffer.from(`%PDF-1.4\n% order ${n}\n`), randomBytes(4_000 + (n % 7) * 2_000)]);

/** Every file under `folder` (but the SQLite files) with the SHA-256 of its bytes, by path. */
function tree(folder: string, prefix = ''): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    const name = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(files, tree(folder, name));
    else if (!/^portal\.sqlite/.test(name)) files[name] = createHash('sha256').update(readFileSync(path.join(folder, name))).digest('hex');
  }
  return files;
}

/** JSON calls and downloads against a server process, as one user. */
function http(base: string, token?: string) {
  const headers = (extra: Record<string, string> = {}) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra });
  return {
    get: async (url: string) => {
      const res = await fetch(`${base}${url}`, { headers: headers() });
      return { status: res.status, json: await res.json() };
    },
    post: async (url: string, body: unknown) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify(body) });
      return { status: res.status, json: await res.json() };
    },
    form: async (url: string, form: FormData) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: headers(), body: form });
      return { status: res.status, json: await res.json() };
    },
    bytes: async (url: string) => {
      const res = await fetch(`${base}${url}`, { headers: headers() });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    },
  };
}

let work: string;
beforeAll(() => { work = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-')); });
afterAll(() => { rmSync(work, { recursive: true, force: true }); });

describe('npm run backup during writes, npm run restore into a fresh folder (SQLite)', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => { await Promise.all(servers.map((s) => s.stop())); });

  test('the restored portal has its database whole, every order acknowledged before the backup with its file, the JWT secret, the releases and the outbox', async () => {
    const live = path.join(work, 'live');
    // A built portal of its own, so that the releases the server seeds from it exist without a build.
    const dist = path.join(work, 'dist');
    writePortalDist(dist, [{ name: 'comms' }, { name: 'orders' }]);
    const server = await startServerProcess({
      DATA_DIR: live, DEMO_DATA: 'on', DEMO_PASSWORD, PORTAL_DIST: dist, REMOTES_REGISTRY: path.join(dist, 'remotes.json'), ...NO_QUOTA,
    });
    servers.push(server);
    const login = await http(server.url).post('/api/token/', { email: 'dealer@demo.test', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const dealer = http(server.url, login.json.access);
    const product = (await dealer.get('/api/dp/')).json.results[0];
    // Above the demo's minimum order total (1 000 ₽).
    const quantity = Math.ceil(1000 / Number(product.price)) + 1;
    // Without SMTP a mail goes to DATA_DIR/outbox: a restore link asked for puts one there.
    expect((await http(server.url).post('/api/restore/', { email: 'dealer@demo.test' })).status).toBe(200);
    const mails = () => (existsSync(path.join(live, 'outbox')) ? readdirSync(path.join(live, 'outbox')).filter((name) => name.endsWith('.eml')) : []);
    await until(() => mails().length === 1);

    // A stream of writes: the dealer creating orders with an uploaded document, one after another.
    const sent = new Map<number, Buffer>();
    const acks: Array<{ id: number; at: number }> = [];
    const waiting: Array<{ count: number; resolve: () => void }> = [];
    let failure: unknown;
    const acknowledged = (count: number) => new Promise<void>((resolve) => {
      if (acks.length >= count || failure) resolve();
      else waiting.push({ count, resolve });
    });
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing) {
        n += 1;
        const bytes = pdf(n);
        const form = new FormData();
        form.append('items', JSON.stringify([{ product: product.id, quantity }]));
        form.append('comment', `Заказ ${n}`);
        form.append('document', new Blob([bytes], { type: 'application/pdf' }), `заказ-${n}.pdf`);
        const created = await dealer.form('/api/orders/', form);
        if (created.status !== 201) throw new Error(`order ${n}: ${created.status} ${JSON.stringify(created.json)}`);
        sent.set(created.json.id, bytes);
        acks.push({ id: created.json.id, at: Date.now() });
        for (const w of waiting.filter((w) => acks.length >= w.count)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve();
        }
      }
    };
    const writes = writer().catch((error: unknown) => {
      failure = error;
      for (const w of waiting.splice(0)) w.resolve();
    });
    await acknowledged(6);
    if (failure) throw failure;

    const before = acks.map((a) => a.id);
    const started = Date.now();
    const backup = await runNpmScript('backup', ['--out', 'portal.tar.gz'], { DATA_DIR: live }, work);
    const ended = Date.now();
    expect(backup).toEqual({ code: 0, stdout: expect.stringContaining('Backup written'), stderr: '' });
    // Every order acknowledged before the moment the backup names is in it: also those acknowledged
    // while the backup ran (the newest, in the live database's WAL rather than its main file).
    const asOf = Date.parse(/the SQLite database as of (\S+) and/.exec(backup.stdout)![1]);
    const committed = acks.filter((a) => a.at < asOf).map((a) => a.id);
    expect(committed.length).toBeGreaterThan(before.length);
    // The writes went on while the backup ran, and after it.
    await acknowledged(acks.filter((a) => a.at <= ended).length + 2);
    writing = false;
    await writes;
    if (failure) throw failure;
    const during = acks.filter((a) => a.at > started && a.at < ended).length;
    expect(during).toBeGreaterThan(0);
    expect(statSync(path.join(work, 'portal.tar.gz')).mode & 0o777).toBe(0o600);
    await server.stop();

    const fresh = path.join(work, 'restored');
    const restore = await runNpmScript('restore', ['portal.tar.gz'], { DATA_DIR: fresh }, work);
    expect(restore).toEqual({ code: 0, stdout: expect.stringContaining(`into ${fresh}`), stderr: '' });

    const db = new BetterSqlite3(path.join(fresh, 'portal.sqlite'), { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    const restoredIds = new Set(db.prepare('select id from orders').pluck().all() as number[]);
    db.close();
    expect(integrity).toBe('ok');
    expect(committed.filter((id) => !restoredIds.has(id))).toEqual([]);
    // The JWT secret, the releases' files and the outbox, byte for byte.
    expect(tree(fresh)).toEqual(tree(live));
    expect(Object.keys(tree(fresh))).toEqual(expect.arrayContaining(['jwt-secret', expect.stringMatching(/^outbox\/.+\.eml$/), expect.stringMatching(/^releases\/orders\/[^/]+\/mf-manifest\.json$/)]));

    // A server on the restored folder takes the token signed before the backup and serves every file;
    // a second restore into the same folder is refused meanwhile.
    const [restored, again] = await Promise.all([
      startServerProcess({ DATA_DIR: fresh, DEMO_DATA: 'off', PORTAL_DIST: dist, REMOTES_REGISTRY: path.join(dist, 'remotes.json'), ...NO_QUOTA }),
      runNpmScript('restore', ['portal.tar.gz'], { DATA_DIR: fresh }, work),
    ]);
    servers.push(restored);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`DATA_DIR ${fresh} is not empty`);
    const sameDealer = http(restored.url, login.json.access);
    expect((await sameDealer.get('/api/users/me/')).json.email).toBe('dealer@demo.test');
    const mine = [...restoredIds].filter((id) => sent.has(id));
    expect(mine.length).toBeGreaterThanOrEqual(committed.length);
    for (const id of mine) {
      const download = await sameDealer.bytes(`/api/orders/${id}/download/`);
      expect([id, download.status, download.bytes.equals(sent.get(id)!)]).toEqual([id, 200, true]);
    }
  }, 120_000);
});

describe('what backup and restore refuse', () => {
  let case_ = 0;
  const folder = (name: string) => path.join(work, `${name}-${(case_ += 1)}`);

  /** A DATA_DIR with a small SQLite database of its own, a secret and a mail. */
  function dataDir(): string {
    const dir = folder('data');
    mkdirSync(path.join(dir, 'outbox'), { recursive: true });
    const db = new BetterSqlite3(path.join(dir, 'portal.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec("create table t (x text); insert into t values ('kept')");
    db.close();
    writeFileSync(path.join(dir, 'jwt-secret'), 'a'.repeat(128));
    writeFileSync(path.join(dir, 'outbox', 'mail.eml'), 'To: x@test.test\n\nhello');
    return dir;
  }

  /** A gzip tar written entry by entry, as a hostile hand could write it: a backup's manifest first, then `entries`. */
  const rawTar = (entries: Array<{ path: string; type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link'; body?: string | Buffer; linkpath?: string }>, options: { database?: 'sqlite' | 'postgres'; version?: number } = {}) => {
    const manifest = JSON.stringify({ format: BACKUP_FORMAT, version: options.version ?? 1, created_at: new Date().toISOString(), database: options.database ?? 'postgres', files: 1 });
    const blocks: Buffer[] = [];
    for (const entry of [{ path: MANIFEST, body: manifest }, ...entries]) {
      const body = Buffer.from(entry.body ?? '');
      const header = new Header({ path: entry.path, type: entry.type ?? 'File', size: body.length, mode: 0o600, mtime: new Date(), linkpath: entry.linkpath });
      header.encode();
      blocks.push(header.block!, body, Buffer.alloc((512 - (body.length % 512)) % 512));
    }
    const file = `${folder('raw')}.tar.gz`;
    writeFileSync(file, gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)])));
    return file;
  };

  /** Expects the restore into the fresh folder `target` to be refused with `words`, writing nothing. */
  const refused = async (archive: string, words: string, target = folder('target'), extra: Partial<AppConfig> = {}) => {
    const before = existsSync(target) ? tree(target) : null;
    await expect(restoreBackup(resolveConfig({ dataDir: target, databaseUrl: 'postgres://nobody@127.0.0.1/none', ...extra }), archive))
      .rejects.toThrow(expect.objectContaining({ name: 'BackupError', message: expect.stringContaining(words) }));
    expect(existsSync(target) ? tree(target) : null).toEqual(before);
    if (existsSync(target)) expect(readdirSync(target).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  };

  test('a folder that is not empty is refused and left as it was', async () => {
    const archive = path.join(work, 'small.tar.gz');
    await createBackup(resolveConfig({ dataDir: dataDir() }), archive);
    const target = folder('busy');
    mkdirSync(target);
    writeFileSync(path.join(target, 'notes.txt'), 'mine');
    await refused(archive, 'is not empty', target, { databaseUrl: `sqlite:${path.join(target, 'portal.sqlite')}` });
    // A database already where the restore would put it is refused as well.
    const elsewhere = folder('db');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'portal.sqlite'), '');
    await refused(archive, 'already exists', folder('target'), { databaseUrl: `sqlite:${path.join(elsewhere, 'portal.sqlite')}` });
    // And into an empty folder it restores: the database and the files.
    const empty = folder('empty');
    mkdirSync(empty);
    await restoreBackup(resolveConfig({ dataDir: empty }), archive);
    const db = new BetterSqlite3(path.join(empty, 'portal.sqlite'), { readonly: true });
    expect(db.prepare('select x from t').pluck().all()).toEqual(['kept']);
    db.close();
    expect(Object.keys(tree(empty)).sort()).toEqual(['jwt-secret', 'outbox/mail.eml']);
  });

  test('hostile archives (a path out with "..", an absolute path, a link) are refused before anything is written', async () => {
    const cases: Array<[string, string]> = [
      [rawTar([{ path: 'data/jwt-secret', body: 'x' }, { path: 'data/../../evil.txt', body: 'x' }]), '".."'],
      [rawTar([{ path: '../evil.txt', body: 'x' }]), '".."'],
      [rawTar([{ path: path.join(work, 'evil.txt'), body: 'x' }]), 'absolute path'],
      [rawTar([{ path: 'data/passwd', type: 'SymbolicLink', linkpath: '/etc/passwd' }]), 'is a SymbolicLink'],
      [rawTar([{ path: 'data/outbox', type: 'SymbolicLink', linkpath: '../../..' }, { path: 'data/outbox/evil.txt', body: 'x' }]), 'is a SymbolicLink'],
      [rawTar([{ path: 'data/a', body: 'x' }, { path: 'data/b', type: 'Link', linkpath: '/etc/passwd' }]), 'is a Link'],
      [rawTar([{ path: 'stray.txt', body: 'x' }]), 'not part of a backup'],
      [rawTar([{ path: 'data', type: 'File', body: 'x' }]), 'not part of a backup'],
    ];
    for (const [archive, words] of cases) await refused(archive, words);
    for (const [archive] of cases) await refused(archive, 'refused', (() => { const d = folder('empty'); mkdirSync(d); return d; })());
    expect(existsSync(path.join(work, 'evil.txt'))).toBe(false);
    expect(existsSync(path.join(os.tmpdir(), 'evil.txt'))).toBe(false);
  });

  test('a file that is not a backup, or a backup whose database is not whole, is refused and leaves the folder empty', async () => {
    const text = path.join(work, 'notes.txt');
    writeFileSync(text, 'just text');
    await refused(text, 'not a gzip file');
    const gz = path.join(work, 'words.gz');
    writeFileSync(gz, gzipSync(Buffer.from('plain words '.repeat(100))));
    await refused(gz, 'is not a portal backup');
    const release = folder('release');
    mkdirSync(release);
    writeFileSync(path.join(release, 'remoteEntry.js'), 'x');
    await create({ gzip: true, file: `${release}.tar.gz`, cwd: release }, ['remoteEntry.js']);
    await refused(`${release}.tar.gz`, `not ${MANIFEST}`);
    const empty = path.join(work, 'empty.gz');
    writeFileSync(empty, gzipSync(Buffer.alloc(0)));
    await refused(empty, 'is not a portal backup');
    await refused(rawTar([], { version: 2 }), 'made by a newer portal');

    const broken = rawTar([{ path: 'database.sqlite', body: randomBytes(8192) }, { path: 'data/jwt-secret', body: 'b'.repeat(128) }], { database: 'sqlite' });
    const target = folder('target');
    mkdirSync(target);
    await refused(broken, 'is not whole', target, { databaseUrl: `sqlite:${path.join(target, 'portal.sqlite')}` });
    expect(readdirSync(target)).toEqual([]);
  });

  test('PostgreSQL: the backup holds the files only and says so; a SQLite backup is not restored onto PostgreSQL', async () => {
    const dir = dataDir();
    const result = await runNpmScript('backup', ['--out', 'pg.tar.gz'], { DATA_DIR: dir, DATABASE_URL: 'postgres://portal:portal@127.0.0.1:5432/portal' }, work);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('NOT in this archive');
    expect(result.stdout).toContain('pg_dump --format=custom --file=portal.dump "$DATABASE_URL"');
    const archive = path.join(work, 'pg.tar.gz');
    const entries: string[] = [];
    await list({ file: archive, onReadEntry: (e) => { entries.push(e.path); } });
    expect(entries).not.toContain('database.sqlite');
    expect(entries).toEqual(expect.arrayContaining([MANIFEST, 'data/jwt-secret', 'data/outbox/mail.eml']));

    const sqliteTarget = folder('target');
    await refused(archive, 'holds the files only', sqliteTarget, { databaseUrl: `sqlite:${path.join(sqliteTarget, 'portal.sqlite')}` });
    const target = folder('pg-target');
    const restored = await restoreBackup(resolveConfig({ dataDir: target, databaseUrl: 'postgres://portal:portal@127.0.0.1:5432/portal' }), archive);
    expect(restored.database).toBeNull();
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe('a'.repeat(128));

    const sqliteArchive = path.join(work, 'sqlite.tar.gz');
    await createBackup(resolveConfig({ dataDir: dataDir() }), sqliteArchive);
    await refused(sqliteArchive, 'DATABASE_URL names PostgreSQL');
  }, 60_000);

  test('a backup is never written inside DATA_DIR nor over an existing file', async () => {
    const dir = dataDir();
    await expect(createBackup(resolveConfig({ dataDir: dir }), path.join(dir, 'backup.tar.gz'))).rejects.toThrow(BackupError);
    const existing = path.join(work, 'existing.tar.gz');
    writeFileSync(existing, 'mine');
    await expect(createBackup(resolveConfig({ dataDir: dir }), existing)).rejects.toThrow('already exists');
    expect(readFileSync(existing, 'utf8')).toBe('mine');
  });
});
