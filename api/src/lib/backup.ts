// Backups (issue 17 item 7): `npm run backup` packs everything the portal keeps into one gzip tar
// while the portal runs; `npm run restore` unpacks one into an empty DATA_DIR (cli/backup.ts,
// cli/restore.ts). The archive holds, in this order:
//
//   portal-backup.json  what it is: format, version, when, which database; always the first entry
//   database.sqlite     SQLite only: a consistent copy of the database (uploaded files live in it),
//                       made with VACUUM INTO in one read transaction, which writers in WAL mode do
//                       not wait for (and which, unlike the page-by-page backup API, never starts
//                       over when a write lands meanwhile)
//   releases/           the remotes' releases (RELEASES_DIR, by default DATA_DIR/releases)
//   data/               the rest of DATA_DIR: the JWT secret, the outbox… (not the live database
//                       file or its -wal/-shm: database.sqlite stands in for them)
//
// The database is copied before the files: a release's files are in place before its row is written
// (release-store.ts), so every release the copy names has its files; an upload after the copy only
// adds files no row names. On PostgreSQL the archive holds the files only: the database is dumped
// with pg_dump (README, "Backups").
//
// A restore reads the archive twice: once to check every entry (the manifest first, only files and
// folders, no path out of its part, no link), and only then to write; each part goes where the
// restoring configuration keeps it (DATA_DIR, RELEASES_DIR, the SQLite file of DATABASE_URL).
import { chmodSync, closeSync, copyFileSync, createReadStream, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import BetterSqlite3 from '../db/sqlite-driver';
import { create, extract, Parser, type ReadEntry } from 'tar';
import type { AppConfig } from '../config';
import { dialectOf, type DialectName } from '../db/connect';
import { ArchiveError, safeEntryPath } from './releases/archive';

export const MANIFEST = 'portal-backup.json';
export const BACKUP_FORMAT = 'dealer-portal-backup';
export const BACKUP_VERSION = 1;
const DATABASE_ENTRY = 'database.sqlite';
const PARTS = ['data', 'releases'] as const;

/** What a backup or a restore refuses, said so that the operator knows what to do. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: DialectName;
  /** SQLite: the database holds every write committed before this moment (its copy began just after). */
  database_as_of?: string;
  /** Files under data/ and releases/. */
  files: number;
}

export interface BackupResult {
  file: string;
  database: DialectName;
  /** SQLite: every write committed before this moment is in the copy. */
  databaseAsOf?: string;
  files: number;
  bytes: number;
}

/** The SQLite file a `sqlite:` / `file:` / bare-path DATABASE_URL names (as db/connect.ts reads it). */
export function sqliteFile(config: Pick<AppConfig, 'databaseUrl'>): string {
  const file = config.databaseUrl.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (file === ':memory:') throw new BackupError('DATABASE_URL names an in-memory SQLite database: there is nothing to back up or restore.');
  return path.resolve(file);
}

const inside = (folder: string, file: string) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Copies the files under `from` into `to`, leaving out `skip` (absolute paths) and what is being
 * written right now (a release being unpacked, a mail being written aside). A file that goes away
 * meanwhile (a mail sent, a release pruned) is left out. Answers how many files were copied.
 */
function copyTree(from: string, to: string, skip: (file: string, name: string) => boolean): number {
  let entries;
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let files = 0;
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    if (skip(source, entry.name)) continue;
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      files += copyTree(source, target, skip);
    } else if (entry.isFile()) {
      try {
        copyFileSync(source, target);
        chmodSync(target, statSync(source).mode & 0o777);
        files += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        rmSync(target, { force: true });
      }
    }
    // Links, sockets and devices are nothing the portal writes: not taken.
  }
  return files;
}

/**
 * A consistent copy of the live SQLite database at `target`, checked whole before it is used; answers
 * the moment just before its read transaction began: every write committed before it is in the copy.
 */
function copySqlite(source: string, target: string): string {
  if (!existsSync(source)) throw new BackupError(`The SQLite database ${source} does not exist: check DATA_DIR and DATABASE_URL.`);
  const live = new BetterSqlite3(source, { fileMustExist: true });
  let asOf: string;
  try {
    live.pragma('busy_timeout = 10000');
    asOf = new Date().toISOString();
    live.prepare('VACUUM INTO ?').run(target);
  } finally {
    live.close();
  }
  chmodSync(target, 0o600);
  const copy = new BetterSqlite3(target, { readonly: true, fileMustExist: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The copy of the database is not whole (integrity_check: ${String(result)}); nothing was written.`);
  } finally {
    copy.close();
  }
  return asOf;
}

/** Writes the backup of what `config` names to `out` (refused when it exists); the archive appears whole or not at all. */
export async function createBackup(config: AppConfig, out: string): Promise<BackupResult> {
  const file = path.resolve(out);
  const dataDir = path.resolve(config.dataDir);
  if (!existsSync(dataDir)) throw new BackupError(`DATA_DIR ${dataDir} does not exist: there is nothing to back up.`);
  if (inside(dataDir, file)) throw new BackupError(`The backup file ${file} is inside DATA_DIR: write it somewhere else.`);
  if (existsSync(file)) throw new BackupError(`${file} already exists: a backup never overwrites a file; choose another name.`);
  mkdirSync(path.dirname(file), { recursive: true });
  const database = dialectOf(config.databaseUrl);
  const live = database === 'sqlite' ? sqliteFile(config) : null;
  const releasesDir = path.resolve(config.releasesDir);
  // The copies are made beside the archive (it may be large; the system's temp folder may be small).
  const staging = mkdtempSync(path.join(path.dirname(file), '.portal-backup-'));
  const partial = `${file}.partial`;
  try {
    const databaseAsOf = live ? copySqlite(live, path.join(staging, DATABASE_ENTRY)) : undefined;
    const isLive = (f: string) => live !== null && [live, `${live}-wal`, `${live}-shm`, `${live}-journal`].includes(f);
    let files = copyTree(releasesDir, path.join(staging, 'releases'), (_f, name) => name.startsWith('.incoming-'));
    files += copyTree(dataDir, path.join(staging, 'data'), (f, name) =>
      f === releasesDir || isLive(f) || f === staging || f === partial || name.endsWith('.tmp') || (path.dirname(f) === dataDir && name === 'lost+found'));
    const manifest: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, created_at: new Date().toISOString(), database, ...(databaseAsOf ? { database_as_of: databaseAsOf } : {}), files };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    for (const part of PARTS) mkdirSync(path.join(staging, part), { recursive: true, mode: 0o700 });
    // It holds password hashes, the JWT secret and every dealer's files: its owner's only.
    closeSync(openSync(partial, 'w', 0o600));
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, ...(live ? [DATABASE_ENTRY] : []), ...PARTS]);
    renameSync(partial, file);
    return { file, database, databaseAsOf, files, bytes: statSync(file).size };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/** Reads the archive's entries without writing anything; throws a BackupError on anything a backup never holds. */
async function checkArchive(file: string): Promise<BackupManifest> {
  const head = Buffer.alloc(2);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 2, 0);
  } finally {
    closeSync(fd);
  }
  const notBackup = (why: string) => new BackupError(`${file} is not a portal backup (${why}): give a file that \`npm run backup\` made.`);
  const refused = (why: string) => new BackupError(`${file} is refused: ${why}. Nothing was written.`);
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw notBackup('not a gzip file');

  // The entries' names and types, and the manifest's bytes; judged once the whole archive is read.
  const entries: Array<{ path: string; type: string }> = [];
  let manifestBytes: Buffer | undefined;
  const parser = new Parser({ strict: true });
  parser.on('entry', (entry: ReadEntry) => {
    entries.push({ path: entry.path, type: entry.type });
    if (entries.length === 1 && entry.type === 'File' && entry.path.replace(/^(\.\/)+/, '') === MANIFEST && (entry.size ?? 0) < 65_536) {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => { manifestBytes = Buffer.concat(chunks); });
    } else {
      entry.resume();
    }
  });
  try {
    await pipeline(createReadStream(file), parser);
  } catch (error) {
    throw notBackup(`it cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }

  if (!entries.length) throw notBackup('it is empty');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestBytes!.toString('utf8')) as BackupManifest;
    if (manifest?.format !== BACKUP_FORMAT || !['sqlite', 'postgres'].includes(manifest.database)) throw new Error('not ours');
  } catch {
    throw notBackup(`its first entry is "${entries[0].path}", not ${MANIFEST} as a backup's`);
  }
  if (!(Number.isInteger(manifest.version) && manifest.version >= 1)) throw notBackup(`its ${MANIFEST} has no version`);
  if (manifest.version > BACKUP_VERSION) throw new BackupError(`${file} was made by a newer portal (backup version ${manifest.version}, this one reads ${BACKUP_VERSION}): restore it with that version.`);

  for (const [index, entry] of entries.entries()) {
    let inner: string;
    try {
      inner = safeEntryPath(entry.path);
    } catch (error) {
      throw refused(error instanceof ArchiveError ? error.message : String(error));
    }
    const part = inner.split('/')[0];
    if (entry.type === 'Directory') {
      if (!(PARTS as readonly string[]).includes(part)) throw refused(`the folder "${entry.path}" is not part of a backup`);
      continue;
    }
    if (!FILE_TYPES.has(entry.type)) throw refused(`the entry "${entry.path}" is a ${entry.type}: a backup holds files and folders only`);
    if (inner === MANIFEST) {
      if (index > 0) throw refused(`${MANIFEST} appears twice`);
    } else if (inner === DATABASE_ENTRY) {
      if (manifest.database !== 'sqlite') throw refused(`it holds ${DATABASE_ENTRY}, but its manifest names ${manifest.database}`);
    } else if (!(PARTS as readonly string[]).includes(part) || inner === part) {
      throw refused(`the entry "${entry.path}" is not part of a backup`);
    }
  }
  if (manifest.database === 'sqlite' && !entries.some((e) => safeEntryPath(e.path) === DATABASE_ENTRY)) throw refused(`it names a SQLite database but holds no ${DATABASE_ENTRY}`);
  return manifest;
}

/** The names in `folder` that make it not empty (a missing folder is empty; a volume's lost+found does not count). */
function contentsOf(folder: string): string[] {
  if (!existsSync(folder)) return [];
  if (!lstatSync(folder).isDirectory()) throw new BackupError(`${folder} is not a folder.`);
  return readdirSync(folder).filter((name) => name !== 'lost+found');
}

/** Moves `from` to `to` (a rename, or a copy when they are on different disks). */
function move(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyTree(from, to, () => false);
    rmSync(from, { recursive: true, force: true });
  }
}

/** Moves what is in `from` into the folder `to` (which is empty or missing). */
function moveContents(from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(from)) move(path.join(from, name), path.join(to, name));
}

export interface RestoreResult {
  manifest: BackupManifest;
  dataDir: string;
  /** The SQLite file written; null for a PostgreSQL backup. */
  database: string | null;
}

/** Restores `archive` where `config` keeps its data; refuses a target that is not empty and an archive that is not a backup. */
export async function restoreBackup(config: AppConfig, archive: string): Promise<RestoreResult> {
  const file = path.resolve(archive);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} does not exist or is not a file.`);
  const dataDir = path.resolve(config.dataDir);
  const releasesDir = path.resolve(config.releasesDir);
  const dialect = dialectOf(config.databaseUrl);
  const database = dialect === 'sqlite' ? sqliteFile(config) : null;

  const busy = contentsOf(dataDir);
  if (busy.length) throw new BackupError(`DATA_DIR ${dataDir} is not empty (${busy.slice(0, 3).join(', ')}${busy.length > 3 ? ', …' : ''}): a backup is restored into an empty folder only. Point DATA_DIR at a new folder, or move the old one aside.`);
  if (!inside(dataDir, releasesDir) && contentsOf(releasesDir).length) throw new BackupError(`RELEASES_DIR ${releasesDir} is not empty: a backup is restored into empty folders only.`);
  if (database && existsSync(database)) throw new BackupError(`The SQLite database ${database} already exists: a backup is restored where there is no database yet.`);

  const manifest = await checkArchive(file);
  if (manifest.database === 'sqlite' && dialect === 'postgres') {
    throw new BackupError('This backup holds a SQLite database, but DATABASE_URL names PostgreSQL: restore it with DATABASE_URL unset (or naming a SQLite file).');
  }
  if (manifest.database === 'postgres' && dialect === 'sqlite') {
    throw new BackupError('This backup was made on PostgreSQL and holds the files only: set DATABASE_URL to the PostgreSQL database you restore with pg_restore, then run the restore again.');
  }

  const createdDataDir = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(path.join(dataDir, '.restore-'));
  const written: string[] = [];
  try {
    // Checked above entry by entry; tar's own guards (no absolute paths, no `..`) stay on as well.
    await extract({ file, cwd: staging, strict: true, preservePaths: false, filter: (_p, entry) => 'type' in entry && (FILE_TYPES.has(entry.type) || entry.type === 'Directory') });
    if (database) {
      const restored = path.join(staging, DATABASE_ENTRY);
      let result: unknown;
      try {
        const check = new BetterSqlite3(restored, { readonly: true, fileMustExist: true });
        try {
          result = check.pragma('integrity_check', { simple: true });
        } finally {
          check.close();
        }
      } catch (error) {
        result = error instanceof Error ? error.message : String(error);
      }
      if (result !== 'ok') throw new BackupError(`The database in ${file} is not whole (${String(result)}). Nothing was restored.`);
      chmodSync(restored, 0o600);
      move(restored, database);
      written.push(database);
    }
    const releases = path.join(staging, 'releases');
    if (existsSync(releases)) {
      moveContents(releases, releasesDir);
      if (!inside(dataDir, releasesDir)) written.push(releasesDir);
    }
    const data = path.join(staging, 'data');
    if (existsSync(data)) {
      for (const name of readdirSync(data)) {
        const target = path.join(dataDir, name);
        // The releases were put in RELEASES_DIR above; a folder of the same name in data/ joins them.
        if (existsSync(target)) moveContents(path.join(data, name), target);
        else move(path.join(data, name), target);
      }
    }
    return { manifest, dataDir, database };
  } catch (error) {
    // Nothing half-restored stays: the folders were empty before.
    if (createdDataDir) rmSync(dataDir, { recursive: true, force: true });
    else for (const name of readdirSync(dataDir)) if (name !== 'lost+found') rmSync(path.join(dataDir, name), { recursive: true, force: true });
    for (const target of written) rmSync(target, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The commands that back up and restore a PostgreSQL database, for the messages of the CLI. */
export const PG_DUMP_HINT = 'pg_dump --format=custom --file=portal.dump "$DATABASE_URL"';
export const PG_RESTORE_HINT = 'pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" portal.dump';

/** The manifest's summary in one line. */
export const describeManifest = (m: BackupManifest) => `a ${m.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup of ${m.created_at}, ${m.files} files`;
