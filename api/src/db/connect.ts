// Opens the database named by the configuration: SQLite (the embedded default) or PostgreSQL.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Statement } from './sqlite-driver';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { migrationProvider } from './migrations';

export type DialectName = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Database>;
  dialect: DialectName;
}

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

/** `sqlite:/path/file.sqlite`, `file:/path`, a bare path or `:memory:`. */
function sqlitePath(url: string): string {
  const file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  return file === ':memory:' ? file : path.resolve(file);
}

// better-sqlite3 binds no booleans: hand it 1/0 so that the same queries run on both databases.
const bindable = (parameters: ReadonlyArray<unknown>) =>
  parameters.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));

function openSqlite(file: string): SqliteDatabase {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true });
    // A new database file is readable by its owner only (issue 9): it holds password hashes and every
    // dealer's data. Made empty here, before SQLite opens it, because SQLite would create it
    // world-readable, and gives its -wal and -shm files the mode of the database file.
    closeSync(openSync(file, 'a', 0o600));
  }
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's lower() folds ASCII only; search must fold Cyrillic too (see dialect.ts).
  sqlite.function('unicode_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value);
  // Kysely prepares every query anew; the same few texts repeat, so keep their statements.
  const statements = new Map<string, Statement>();
  const prepared = (sqlText: string) => {
    const statement = sqlite.prepare(sqlText);
    if (statements.size >= 1000) statements.delete(statements.keys().next().value!);
    statements.set(sqlText, statement);
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      const statement = statements.get(sqlText) ?? prepared(sqlText);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(...bindable(parameters)),
        run: (parameters) => statement.run(...bindable(parameters)),
        iterate: (parameters) => statement.iterate(...bindable(parameters)),
      };
    },
  };
}

export function connect(url: string, schema?: string): Connection {
  const dialect = dialectOf(url);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      options: schema ? `-c search_path=${schema}` : undefined,
    });
    // An idle connection the server ends (a restart, a failover, an administrator's terminate, a
    // dropped database) makes the pool emit 'error'; with no listener that is an uncaught exception
    // that ends the process. The pool has already let that connection go, and the next query opens
    // a new one, so there is nothing else to do here.
    pool.on('error', () => {});
    return { dialect, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
  }
  return { dialect, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(sqlitePath(url)) }) }) };
}

/** Runs pending migrations; answers whether the database was new (no migration had run). */
export async function migrate(db: Kysely<Database>, schema?: string): Promise<{ fresh: boolean }> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const before = await migrator.getMigrations();
  const fresh = before.every((m) => m.executedAt === undefined);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { fresh };
}
