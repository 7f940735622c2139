// Exchanges as 1C runs them (issue 33 item 1, design §5): a run begins with `checkauth` (its session
// cookie names it), keeps the files 1C posts (in parts, as posted), imports a file when 1C asks
// and answers `progress` while that takes longer than a step, then `success` or `failure` with the
// reason. An import runs in the process that was asked first (on PostgreSQL in one transaction; on
// SQLite read through first, then written batch by batch: lib/exchange/catalog.ts); another process
// asked meanwhile (PostgreSQL behind a balancer) waits for it, and takes the file over only when
// the first one stopped beating (it died, and its transaction with it). Runs are kept 90 days.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import yauzl from 'yauzl';
import type { Database } from '../../db/database';
import type { ExchangeKind, ExchangeRunsTable } from '../../db/tables/exchange';
import { nowIso } from '../../db/dialect';
import { checkFile, ERRORS_KEPT, importFile, priceTypeSetting, type ExchangeError, type ImportContext, type ImportCounts } from './catalog';
import { ExchangeFileError } from './xml';

export const EXCHANGE_COOKIE = 'portal_exchange';
/** A session unused this long is over; 1C begins again with checkauth. */
const SESSION_MINUTES = 60;
/** Runs older than this are deleted with their files (design §5). */
export const RUNS_KEPT_DAYS = 90;
/** PostgreSQL: an import whose process has not beaten for this long is taken over. */
const HEARTBEAT_STALE_MS = 60_000;

export type Run = Selectable<ExchangeRunsTable>;

export interface ExchangeSettings {
  fileLimitBytes: number;
  limitBytes: number;
  stepMs: number;
  dialect: 'sqlite' | 'postgres';
  /** An import that failed beyond its file's own failure (the database gone while it ran). */
  onError?: (error: unknown) => void;
}

/** Megabytes as a person reads them: «5», «0,01». */
const megabytes = (bytes: number) => String(Number((bytes / 1048576).toFixed(2))).replace('.', ',');

const sessionHash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Begins a run for the account; answers the session cookie's value. Old runs go. */
export async function beginRun(db: Kysely<Database>, kind: ExchangeKind, account: { id: number; login: string }): Promise<{ run: number; session: string }> {
  const session = randomBytes(24).toString('base64url');
  const now = nowIso();
  await db.deleteFrom('exchange_runs').where('started_at', '<', new Date(Date.now() - RUNS_KEPT_DAYS * 86_400_000).toISOString()).execute();
  const row = await db.insertInto('exchange_runs').values({
    kind, account_id: account.id, account_login: account.login, session_hash: sessionHash(session), started_at: now, last_seen_at: now, status: 'running',
  }).returning('id').executeTakeFirstOrThrow();
  return { run: row.id, session };
}

/** The run of the session cookie the request carries, while the session and its account last. */
export async function runOfSession(db: Kysely<Database>, cookieHeader: string | undefined): Promise<Run | null> {
  const value = cookieHeader?.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${EXCHANGE_COOKIE}=`))?.slice(EXCHANGE_COOKIE.length + 1);
  if (!value) return null;
  // Only while its account lasts: deleting the account ends its sessions too.
  const run = await db.selectFrom('exchange_runs').innerJoin('exchange_accounts', 'exchange_accounts.id', 'exchange_runs.account_id')
    .selectAll('exchange_runs').where('exchange_runs.session_hash', '=', sessionHash(value)).executeTakeFirst();
  if (!run || new Date(run.last_seen_at).getTime() < Date.now() - SESSION_MINUTES * 60_000) return null;
  await db.updateTable('exchange_runs').set({ last_seen_at: nowIso() }).where('id', '=', run.id).execute();
  return run;
}

/** A file name 1C may post: a plain relative path of letters, digits and `._-/`, nothing that climbs. */
export function checkFileName(name: string | undefined): string {
  if (!name) throw new ExchangeFileError('Не указано имя файла (filename)');
  const clean = name.replace(/\\/g, '/');
  if (clean.length > 200 || clean.startsWith('/') || clean.split('/').some((part) => part === '..' || part === '' || part === '.') || !/^[\w./-]+$/.test(clean)) {
    throw new ExchangeFileError(`Недопустимое имя файла «${name.slice(0, 200)}»`);
  }
  return clean;
}

/** Only what the portal imports is kept: XML and the archives that hold it. A picture is taken and dropped. */
const kept = (name: string) => /\.(xml|zip)$/i.test(name);

/** Appends one post of 1C's to the run's file of that name. */
export async function appendFile(db: Kysely<Database>, run: Run, name: string, data: Buffer, settings: ExchangeSettings): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Posts at once to one run take their turns (PostgreSQL: the run's row locked; SQLite writes one at a time).
    let query = trx.selectFrom('exchange_runs').select('bytes').where('id', '=', run.id);
    if (settings.dialect === 'postgres') query = query.forUpdate();
    const bytes = Number((await query.executeTakeFirstOrThrow()).bytes);
    if (bytes + data.length > settings.limitBytes) throw new ExchangeFileError(`Обмен больше ${megabytes(settings.limitBytes)} МБ (EXCHANGE_LIMIT_MB): файл «${name}» не принят`);
    await trx.updateTable('exchange_runs').set({ bytes: String(bytes + data.length) }).where('id', '=', run.id).execute();
    if (!kept(name)) return;
    await addPart(trx, run.id, name, data);
  });
}

async function addPart(trx: Transaction<Database>, runId: number, name: string, data: Buffer): Promise<void> {
  let file = await trx.selectFrom('exchange_files').select(['id', 'parts', 'size', 'status']).where('run_id', '=', runId).where('name', '=', name).executeTakeFirst();
  if (file && file.status !== 'uploaded') {
    // The same name posted again after its import: a new file of that name.
    await trx.deleteFrom('exchange_files').where('id', '=', file.id).execute();
    file = undefined;
  }
  file ??= await trx.insertInto('exchange_files').values({ run_id: runId, name, status: 'uploaded', created_at: nowIso() })
    .returning(['id', 'parts', 'size', 'status']).executeTakeFirstOrThrow();
  await trx.insertInto('exchange_file_parts').values({ file_id: file.id, part: file.parts, data }).execute();
  await trx.updateTable('exchange_files').set({ parts: file.parts + 1, size: String(Number(file.size) + data.length) }).where('id', '=', file.id).execute();
}

/** A file's bytes, part by part, as posted. */
export async function* fileChunks(db: Kysely<Database>, fileId: number): AsyncGenerator<Buffer> {
  for (let part = 0; ; part++) {
    const row = await db.selectFrom('exchange_file_parts').select('data').where('file_id', '=', fileId).where('part', '=', part).executeTakeFirst();
    if (!row) return;
    yield Buffer.from(row.data);
  }
}

const isZip = async (db: Kysely<Database>, fileId: number) => {
  const first = await db.selectFrom('exchange_file_parts').select('data').where('file_id', '=', fileId).where('part', '=', 0).executeTakeFirst();
  return !!first && first.data.length >= 4 && first.data.readUInt32LE(0) === 0x04034b50;
};

/**
 * Unpacks the run's archives (`zip=yes`) into files of the run: each XML entry by its base name.
 * An entry that climbs out (`../`, an absolute path) refuses the archive; so does more unpacked
 * than the exchange may hold (a zip bomb stops at the limit, counted as it inflates).
 */
export async function unpackArchives(db: Kysely<Database>, runId: number, settings: ExchangeSettings): Promise<void> {
  const archives = await db.selectFrom('exchange_files').select(['id', 'name']).where('run_id', '=', runId).where('status', '=', 'uploaded')
    .where('name', 'like', '%.zip').orderBy('id').execute();
  for (const archive of archives) {
    if (!(await isZip(db, archive.id))) {
      await db.updateTable('exchange_files').set({ status: 'failed', message: 'Файл .zip — не архив ZIP' }).where('id', '=', archive.id).execute();
      continue;
    }
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-exchange-'));
    try {
      const file = path.join(folder, 'archive.zip');
      await pipeline(fileChunks(db, archive.id), createWriteStream(file, { mode: 0o600 }));
      await db.transaction().execute(async (trx) => {
        let used = Number((await trx.selectFrom('exchange_runs').select('bytes').where('id', '=', runId).executeTakeFirstOrThrow()).bytes);
        await eachEntry(file, async (name, stream) => {
          if (name.endsWith('/')) return;
          const clean = checkFileName(name);
          if (!/\.xml$/i.test(clean)) {
            stream.resume();
            return;
          }
          const base = path.posix.basename(clean);
          // Parts of at most the file limit, as if 1C had posted the file itself.
          let buffered: Buffer[] = [];
          let size = 0;
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            used += chunk.length;
            if (used > settings.limitBytes) throw new ExchangeFileError(`Архив «${archive.name}» распаковывается больше чем в ${megabytes(settings.limitBytes)} МБ (EXCHANGE_LIMIT_MB)`);
            buffered.push(chunk);
            size += chunk.length;
            if (size >= settings.fileLimitBytes) {
              await addPart(trx, runId, base, Buffer.concat(buffered));
              buffered = [];
              size = 0;
            }
          }
          if (size) await addPart(trx, runId, base, Buffer.concat(buffered));
        });
        await trx.updateTable('exchange_runs').set({ bytes: String(used) }).where('id', '=', runId).execute();
        await trx.updateTable('exchange_files').set({ status: 'done' }).where('id', '=', archive.id).execute();
      });
    } catch (error) {
      const message = error instanceof ExchangeFileError ? error.message : `Архив «${archive.name}» не читается: ${(error as Error).message}`;
      await db.updateTable('exchange_files').set({ status: 'failed', message }).where('id', '=', archive.id).execute();
      await recordOnRun(db, runId, { errors: [{ file: archive.name, element: '', message }], status: 'failure' });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/** Calls `onEntry` for each entry of the archive, one at a time, with the entry's inflating stream. */
function eachEntry(file: string, onEntry: (name: string, stream: NodeJS.ReadableStream) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no archive'));
      const fail = (cause: unknown) => {
        zip.close();
        // yauzl refuses a name that climbs or is absolute before we see the entry.
        const climbing = cause instanceof Error ? /^(?:invalid relative path|absolute path): (.*)$/.exec(cause.message) : null;
        reject(climbing ? new ExchangeFileError(`В архиве недопустимое имя файла «${climbing[1].slice(0, 200)}»: архив не принят`) : cause);
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        try {
          checkFileName(entry.fileName);
        } catch {
          return fail(new ExchangeFileError(`В архиве недопустимое имя файла «${entry.fileName.slice(0, 200)}»: архив не принят`));
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(streamError);
          onEntry(entry.fileName, stream).then(() => zip.readEntry(), fail);
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * What a step of a run adds to it, in one place: its errors (at most ERRORS_KEPT in all), its counts
 * (added to the run's), and with a status, how the run stands now.
 */
export async function recordOnRun(db: Kysely<Database>, runId: number, step: { errors?: ExchangeError[]; counts?: Partial<ImportCounts>; status?: 'success' | 'failure' }): Promise<void> {
  // The run's notes so far are read only when there are notes to add to them.
  const earlier = step.errors?.length
    ? JSON.parse((await db.selectFrom('exchange_runs').select('errors').where('id', '=', runId).executeTakeFirstOrThrow()).errors) as ExchangeError[]
    : undefined;
  const added = (column: keyof ImportCounts) => (step.counts?.[column] ? { [column]: sql<number>`${sql.ref(column)} + ${step.counts[column]}` } : {});
  const changes = {
    ...(earlier && step.errors ? { errors: JSON.stringify([...earlier, ...step.errors].slice(0, ERRORS_KEPT)) } : {}),
    ...added('created'), ...added('updated'), ...added('withdrawn'), ...added('skipped'),
    ...(step.status ? { status: step.status, finished_at: nowIso() } : {}),
  };
  // A step that changed nothing (an order file that names no order of the portal's, with no notes) writes nothing.
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('exchange_runs').set(changes).where('id', '=', runId).execute();
}

export type StepAnswer = { status: 'progress' } | { status: 'success' } | { status: 'failure'; reason: string };

/** The imports this process runs, by database and file id. */
const running = new WeakMap<Kysely<Database>, Map<number, Promise<void>>>();
const jobsOf = (db: Kysely<Database>) => {
  let jobs = running.get(db);
  if (!jobs) running.set(db, (jobs = new Map()));
  return jobs;
};

/** One `mode=import` call: starts or follows the import of the run's file, for at most a step. */
export async function importStep(db: Kysely<Database>, run: Run, name: string, settings: ExchangeSettings): Promise<StepAnswer> {
  const base = path.posix.basename(checkFileName(name));
  if (/\.zip$/i.test(base)) {
    // An archive itself is not imported: unpacked, its files are, each when 1C names it.
    await unpackArchives(db, run.id, settings);
    const archive = await db.selectFrom('exchange_files').select(['status', 'message']).where('run_id', '=', run.id).where('name', '=', base).executeTakeFirst();
    if (!archive) return { status: 'failure', reason: `Файл «${base}» не загружен в этом обмене (mode=file)` };
    return archive.status === 'failed' ? { status: 'failure', reason: archive.message } : { status: 'success' };
  }
  let file = await db.selectFrom('exchange_files').selectAll().where('run_id', '=', run.id).where('name', '=', base).executeTakeFirst();
  if (!file) {
    await unpackArchives(db, run.id, settings);
    file = await db.selectFrom('exchange_files').selectAll().where('run_id', '=', run.id).where('name', '=', base).executeTakeFirst();
    const archive = await db.selectFrom('exchange_files').select('message').where('run_id', '=', run.id).where('status', '=', 'failed').where('name', 'like', '%.zip').executeTakeFirst();
    if (!file && archive) return { status: 'failure', reason: archive.message };
  }
  if (!file) return { status: 'failure', reason: `Файл «${base}» не загружен в этом обмене (mode=file)` };
  if (file.status === 'uploaded') {
    const taken = await db.updateTable('exchange_files').set({ status: 'importing', heartbeat_at: nowIso() }).where('id', '=', file.id).where('status', '=', 'uploaded').executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) start(db, run.id, file.id, file.name, settings);
  } else if (file.status === 'importing' && !jobsOf(db).has(file.id)) {
    // Nobody here runs it: on SQLite (one process) it died with a restart; on PostgreSQL take it over once its process stopped beating.
    const stale = new Date(Date.now() - (settings.dialect === 'sqlite' ? -1 : HEARTBEAT_STALE_MS)).toISOString();
    const taken = await db.updateTable('exchange_files').set({ heartbeat_at: nowIso() }).where('id', '=', file.id).where('status', '=', 'importing')
      .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', stale)])).executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) start(db, run.id, file.id, file.name, settings);
  }
  const job = jobsOf(db).get(file.id);
  if (job) await Promise.race([job, new Promise((resolve) => setTimeout(resolve, settings.stepMs).unref())]);
  const now = await db.selectFrom('exchange_files').select(['status', 'message']).where('id', '=', file.id).executeTakeFirstOrThrow();
  if (now.status === 'done') return { status: 'success' };
  if (now.status === 'failed') return { status: 'failure', reason: now.message };
  return { status: 'progress' };
}

function start(db: Kysely<Database>, runId: number, fileId: number, name: string, settings: ExchangeSettings): void {
  const jobs = jobsOf(db);
  // Never an unhandled rejection: what the file's row cannot say is logged.
  const job = runImport(db, runId, fileId, name, settings).catch((error: unknown) => settings.onError?.(error)).finally(() => jobs.delete(fileId));
  jobs.set(fileId, job);
}

/** Imports one file in one transaction; the file's and the run's rows say how it ended. */
async function runImport(db: Kysely<Database>, runId: number, fileId: number, name: string, settings: ExchangeSettings): Promise<void> {
  const counts: ImportCounts = { created: 0, updated: 0, withdrawn: 0, skipped: 0 };
  const errors: ExchangeError[] = [];
  let beaten = Date.now();
  // PostgreSQL: the beat goes through another connection, so that other processes see it during the transaction.
  const alive = async () => {
    if (settings.dialect !== 'postgres' || Date.now() - beaten < 5000) return;
    beaten = Date.now();
    await db.updateTable('exchange_files').set({ heartbeat_at: nowIso() }).where('id', '=', fileId).execute();
  };
  const finish = async (trx: Transaction<Database>) => {
    await trx.updateTable('exchange_files').set({ status: 'done', message: '' }).where('id', '=', fileId).execute();
    const failed = await trx.selectFrom('exchange_files').select('id').where('run_id', '=', runId).where('status', '=', 'failed').where('name', 'not like', '%.zip').executeTakeFirst();
    await recordOnRun(trx, runId, { errors, counts, status: failed ? 'failure' : 'success' });
  };
  try {
    if (settings.dialect === 'postgres') {
      await db.transaction().execute(async (trx) => {
        await importFile({ db: trx, batch: (write) => write(), runId, file: name, counts, errors, chunks: fileChunks(trx, fileId), alive });
        await finish(trx);
      });
    } else {
      await checkFile(fileChunks(db, fileId), await priceTypeSetting(db));
      const ctx: ImportContext = {
        db,
        batch: (write) => db.transaction().execute(async (trx) => {
          ctx.db = trx;
          try {
            await write();
          } finally {
            ctx.db = db;
          }
        }),
        runId, file: name, counts, errors, chunks: fileChunks(db, fileId), alive,
      };
      await importFile(ctx);
      await db.transaction().execute(finish);
    }
  } catch (error) {
    const message = error instanceof ExchangeFileError
      ? `${name}: ${error.element ? `${error.element}: ` : ''}${error.message}. Ничего из файла не изменено`
      : settings.dialect === 'postgres'
        ? `${name}: файл не загружен из-за ошибки сервера (${(error as Error).message}). Ничего из файла не изменено`
        // SQLite writes a file batch by batch: a failure of the database itself may leave part of it; the next exchange brings the rest.
        : `${name}: файл загружен не полностью из-за ошибки сервера (${(error as Error).message}). Запустите обмен снова: он приведёт данные к файлу`;
    await db.updateTable('exchange_files').set({ status: 'failed', message }).where('id', '=', fileId).execute();
    await recordOnRun(db, runId, { errors: [{ file: name, element: error instanceof ExchangeFileError ? error.element : '', message }], status: 'failure' });
  }
}

/** Waits for this process's imports (the application's close). */
export async function importsSettled(db: Kysely<Database>): Promise<void> {
  await Promise.allSettled([...jobsOf(db).values()]);
}
