// Every filter and every ordering a list offers is answered from an index: for each column an
// area filters or orders by, some index of its table starts with that column (SQLite's catalogue;
// the migrations create the same indexes on PostgreSQL).
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/test-app';
import { areas } from './index';

describe('list indexes', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp('sqlite', { demoData: 'off' }); });
  afterAll(async () => { await t?.close(); });

  /** table → the first column of each of its indexes (the primary key `id` included). */
  async function leadingColumns(): Promise<Map<string, Set<string>>> {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.app.db);
    const leading = new Map<string, Set<string>>();
    for (const { name } of tables.rows) {
      const columns = new Set<string>(['id']);
      const indexes = await sql<{ name: string }>`select name from pragma_index_list(${name})`.execute(t.app.db);
      for (const index of indexes.rows) {
        const info = await sql<{ seqno: number; name: string }>`select seqno, name from pragma_index_info(${index.name})`.execute(t.app.db);
        const first = info.rows.find((c) => c.seqno === 0);
        if (first) columns.add(first.name);
      }
      leading.set(name, columns);
    }
    return leading;
  }

  test('each area\'s filter and ordering columns lead an index', async () => {
    const leading = await leadingColumns();
    const aliases: Record<string, string> = { document: 'stored_files' };
    const missing: string[] = [];
    for (const area of areas) {
      const columns = [...Object.values(area.orderable), ...Object.values(area.filters ?? {}).map((f) => f.column)];
      for (const qualified of columns) {
        const [alias, column] = qualified.split('.');
        const table = aliases[alias] ?? alias;
        if (!leading.get(table)?.has(column)) missing.push(`${area.path} ${qualified}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
