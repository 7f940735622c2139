import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { Migrator } from 'kysely';
import { DEMO_ACCOUNTS } from '../demo/demo-data';
import { connect } from './connect';
import { migrationProvider } from './migrations';

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

describe('migrations on a database that has data already', () => {
  let dataDir: string;
  beforeEach(() => { dataDir = mkdtempSync(path.join(tmpdir(), 'portal-db-')); });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('0005 gives existing orders, shipping, claims and requests a history: their creation, then their status now', async () => {
    const { db } = connect(`sqlite:${path.join(dataDir, 'portal.sqlite')}`);
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0004-list-indexes')).error).toBeUndefined();
      const [created, changed, decided] = ['2026-01-10T09:00:00.000Z', '2026-01-12T15:30:00.000Z', '2026-01-11T10:00:00.000Z'];
      const dealer = (await db.insertInto('dealers').values({ name: 'Д', legal_name: '', tax_id: '', group_id: null, email: '', phone: '', address: '', is_active: true, created_at: created }).returning('id').executeTakeFirstOrThrow()).id;
      const user = (await db.insertInto('users').values({ email: 'u@example.test', password_hash: '', first_name: 'Ирина', last_name: 'Старая', role: 'dealer', dealer_id: dealer, is_active: true, contract_signed: true, date_joined: created }).returning('id').executeTakeFirstOrThrow()).id;
      const product = (await db.insertInto('products').values({ sku: 'OLD-1', name: 'Старый товар', description: '', category: 'К', unit: 'шт', price_cents: '100', is_active: true, created_at: created }).returning('id').executeTakeFirstOrThrow()).id;
      const order = (await db.insertInto('orders').values({ number: '2026-000001', dealer_id: dealer, status: 'shipped', total_cents: '100', comment: '', created_by: user, created_at: created, updated_at: changed }).returning('id').executeTakeFirstOrThrow()).id;
      const fresh = (await db.insertInto('orders').values({ number: '2026-000002', dealer_id: dealer, status: 'new', total_cents: '100', comment: '', created_by: user, created_at: created, updated_at: created }).returning('id').executeTakeFirstOrThrow()).id;
      await db.insertInto('order_items').values({ order_id: order, product_id: product, quantity: 1, price_cents: '100', amount_cents: '100' }).execute();
      await db.insertInto('shippings').values({ order_id: order, carrier: 'СДЭК', tracking_number: '1', status: 'in_transit', shipped_at: changed, document_id: null, created_at: created }).execute();
      await db.insertInto('registration_requests').values({ company_name: 'ООО', tax_id: '1', contact_name: 'И', email: 'r@example.test', phone: '1', comment: '', status: 'rejected', decision_reason: 'Нет договора', decided_at: decided, created_at: created }).execute();
      await db.insertInto('order_deletion_requests').values({ order_id: fresh, reason: 'r', document_id: null, status: 'pending', created_by: user, created_at: created, decided_at: null }).execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const history = await db.selectFrom('status_changes').selectAll().orderBy('id').execute();
      const entries = history.map((c) => [
        c.order_id === order ? 'order' : c.order_id === fresh ? 'fresh order' : c.shipping_id ? 'shipping' : c.registration_request_id ? 'regreq' : 'orderdelreq',
        c.from_status, c.to_status, c.changed_by, c.changed_at, c.comment,
      ]);
      expect(entries).toEqual(expect.arrayContaining([
        ['order', null, 'new', user, created, ''], ['order', 'new', 'shipped', null, changed, ''], ['fresh order', null, 'new', user, created, ''],
        ['shipping', null, 'preparing', null, created, ''], ['shipping', 'preparing', 'in_transit', null, changed, ''],
        ['regreq', null, 'new', null, created, ''], ['regreq', 'new', 'rejected', null, decided, 'Нет договора'],
        ['orderdelreq', null, 'pending', user, created, ''],
      ]));
      expect(entries).toHaveLength(8);
    } finally {
      await db.destroy();
    }
  });

  test('0012 and 0013 count the orders there are per dealer and status, and go down and up again', async () => {
    const { db } = connect(`sqlite:${path.join(dataDir, 'portal.sqlite')}`);
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0011-restore-mails')).error).toBeUndefined();
      const at = '2026-01-10T09:00:00.000Z';
      const dealer = async (name: string) => (await db.insertInto('dealers').values({ name, legal_name: '', tax_id: '', group_id: null, email: '', phone: '', address: '', is_active: true, created_at: at }).returning('id').executeTakeFirstOrThrow()).id;
      const [first, second] = [await dealer('Первый'), await dealer('Второй')];
      const statuses = [[first, 'new'], [first, 'new'], [first, 'completed'], [second, 'cancelled']] as const;
      for (const [i, [dealerId, status]] of statuses.entries()) {
        await db.insertInto('orders').values({ number: `2026-00000${i}`, dealer_id: dealerId, status, total_cents: '100', comment: '', created_by: null, created_at: at, updated_at: at }).execute();
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const counts = async () => (await db.selectFrom('order_counts').selectAll().orderBy('dealer_id').orderBy('status').execute()).map((r) => [r.dealer_id, r.status, r.count]);
      expect(await counts()).toEqual([[first, 'completed', 1], [first, 'new', 2], [second, 'cancelled', 1]]);
      expect((await migrator.migrateTo('0011-restore-mails')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await counts()).toEqual([[first, 'completed', 1], [first, 'new', 2], [second, 'cancelled', 1]]);
    } finally {
      await db.destroy();
    }
  });
});
