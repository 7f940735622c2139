import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { DEMO_ACCOUNTS } from '../demo/demo-data';

describe('migrations and demo data', () => {
  let dataDir: string;
  beforeEach(() => { dataDir = mkdtempSync(path.join(tmpdir(), 'portal-db-')); });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a new SQLite database gets the demo data once; a restart keeps the data and adds nothing', async () => {
    const first = await buildApp({ dataDir });
    const count = async (app: typeof first) => ({
      users: (await app.db.selectFrom('users').select('id').execute()).length,
      groups: (await app.db.selectFrom('dealer_groups').select('id').execute()).length,
      dealers: (await app.db.selectFrom('dealers').select('id').execute()).length,
      newsletters: (await app.db.selectFrom('newsletters').select('id').execute()).length,
      variables: (await app.db.selectFrom('variables').select('key').orderBy('key').execute()).map((v) => v.key),
    });
    const seeded = await count(first);
    expect(seeded).toEqual({ users: 4, groups: 3, dealers: 6, newsletters: 8, variables: ['contract_text', 'min_order_total', 'support_email'] });
    const users = await first.db.selectFrom('users').select(['email', 'role', 'contract_signed', 'dealer_id']).orderBy('id').execute();
    expect(users.map((u) => u.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(users[2].dealer_id).not.toBe(users[3].dealer_id);
    await first.close();

    const second = await buildApp({ dataDir, demoData: 'on' });
    expect(await count(second)).toEqual(seeded);
    await second.close();
  });

  test('DEMO_DATA=off leaves a new database empty', async () => {
    const app = await buildApp({ dataDir, demoData: 'off' });
    expect(await app.db.selectFrom('users').select('id').execute()).toEqual([]);
    await app.close();
  });
});
