// Frozen in time (see 0001): what lets a list keep each order's item while it is unchanged
// (lib/list-cache.ts, issue 9 item 7). An order's item is built from its row and from what hangs
// off it; the row tells when any of that changed:
// - `orders.detail_version`, bumped by triggers on every write to one of its lines or status changes,
//   whoever writes (the API, a script, psql, a cascade);
// - the `names` counter of data_versions, bumped when a product's SKU or name or a user's name or
//   email changes, or either is deleted: the lines show the products' and the history the users'.
// The dealer's name and the document come with the row itself (the list's select reads them).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The tables whose rows hang off an order, and their column that names it. */
const DETAILS = ['order_items', 'status_changes'];
/** The tables whose names an order's item shows, and those columns. */
const NAMED: Array<[table: string, columns: string[]]> = [['products', ['sku', 'name']], ['users', ['first_name', 'last_name', 'email']]];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('orders').addColumn('detail_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.insertInto('data_versions').values({ name: 'names', version: 0 }).execute();

  if (pg) {
    await sql`create function bump_order_detail() returns trigger language plpgsql as $$
      begin
        if TG_OP <> 'INSERT' and OLD.order_id is not null then
          update orders set detail_version = detail_version + 1 where id = OLD.order_id;
        end if;
        if TG_OP <> 'DELETE' and NEW.order_id is not null and (TG_OP = 'INSERT' or NEW.order_id is distinct from OLD.order_id) then
          update orders set detail_version = detail_version + 1 where id = NEW.order_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create function bump_names_version() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1 where name = 'names';
        return null;
      end $$`.execute(db);
    for (const table of DETAILS) {
      await sql`create trigger ${sql.id(`${table}_order_detail`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function bump_order_detail()`.execute(db);
    }
    for (const [table, columns] of NAMED) {
      await sql`create trigger ${sql.id(`${table}_names_version`)} after update of ${sql.join(columns.map((c) => sql.id(c)))} or delete on ${sql.table(table)}
        for each statement execute function bump_names_version()`.execute(db);
    }
    return;
  }
  const bump = (row: 'new' | 'old') => sql`update orders set detail_version = detail_version + 1 where id = ${sql.raw(row)}.order_id;`;
  for (const table of DETAILS) {
    await sql`create trigger ${sql.id(`${table}_order_detail_insert`)} after insert on ${sql.table(table)}
      when new.order_id is not null begin ${bump('new')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_order_detail_delete`)} after delete on ${sql.table(table)}
      when old.order_id is not null begin ${bump('old')} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_order_detail_update`)} after update on ${sql.table(table)}
      begin ${bump('old')} ${bump('new')} end`.execute(db);
  }
  const names = sql`update data_versions set version = version + 1 where name = 'names';`;
  for (const [table, columns] of NAMED) {
    await sql`create trigger ${sql.id(`${table}_names_version_update`)} after update of ${sql.join(columns.map((c) => sql.id(c)))} on ${sql.table(table)}
      begin ${names} end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_names_version_delete`)} after delete on ${sql.table(table)} begin ${names} end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    for (const table of DETAILS) await sql`drop trigger ${sql.id(`${table}_order_detail`)} on ${sql.table(table)}`.execute(db);
    for (const [table] of NAMED) await sql`drop trigger ${sql.id(`${table}_names_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function bump_order_detail()`.execute(db);
    await sql`drop function bump_names_version()`.execute(db);
  } else {
    for (const table of DETAILS) {
      for (const event of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`${table}_order_detail_${event}`)}`.execute(db);
    }
    for (const [table] of NAMED) {
      for (const event of ['update', 'delete']) await sql`drop trigger ${sql.id(`${table}_names_version_${event}`)}`.execute(db);
    }
  }
  await db.deleteFrom('data_versions').where('name', '=', 'names').execute();
  await db.schema.alterTable('orders').dropColumn('detail_version').execute();
}
