import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { withPg } from '../test/pg-client';
import { testDatabases } from '../test/test-app';
import { connect, migrate } from './connect';

describe('the SQLite database file', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'portal-connect-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('a new database, its write-ahead log and shared memory are readable by their owner only (0600)', async () => {
    const file = path.join(dir, 'data', 'portal.sqlite');
    const { db } = connect(`sqlite:${file}`);
    try {
      await migrate(db);
      const modes = Object.fromEntries(['', '-wal', '-shm'].map((suffix) => [`portal.sqlite${suffix}`, statSync(`${file}${suffix}`).mode & 0o777]));
      expect(modes).toEqual({ 'portal.sqlite': 0o600, 'portal.sqlite-wal': 0o600, 'portal.sqlite-shm': 0o600 });
    } finally {
      await db.destroy();
    }
  });
});

for (const kind of testDatabases().filter((k) => k === 'postgres')) {
  test(`${kind}: the server ending an idle connection (a restart, an administrator) neither ends the process nor the next query`, async () => {
    const { db } = connect(process.env.TEST_DATABASE_URL!);
    try {
      const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
      const before = await pid();
      // The pool's connection is idle now; the server ends it as `pg_terminate_backend` does on a
      // restart. Without the pool's 'error' listener this is an uncaught exception.
      await withPg((client) => client.query('select pg_terminate_backend($1)', [before]));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await pid()).not.toBe(before);
    } finally {
      await db.destroy();
    }
  });
}
