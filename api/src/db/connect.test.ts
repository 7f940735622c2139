import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
