// List pages kept as their JSON text while the data under them is unchanged. Triggers count every
// write to every business table (migration 0003), whoever makes it, so one small query tells whether
// a kept page is still exact: nothing stale is ever served, across API processes too. A page is kept
// per URL and per whose rows it shows; the oldest pages go first beyond the size cap.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface PageCache {
  /** The data version now: the sum of every table's change counter. */
  version(db: Kysely<Database>): Promise<string>;
  get(key: string, version: string): string | undefined;
  set(key: string, version: string, body: string): void;
}

export function createPageCache(maxBytes = 64 * 1024 * 1024): PageCache {
  const pages = new Map<string, { version: string; body: string }>();
  let bytes = 0;
  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.body.length;
    pages.delete(key);
  };
  return {
    async version(db) {
      const row = await sql<{ v: string | number | null }>`select sum(version) as v from data_versions`.execute(db);
      return String(row.rows[0]?.v ?? 0);
    },
    get(key, version) {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.version === version) return page.body;
      forget(key);
      return undefined;
    },
    set(key, version, body) {
      forget(key);
      if (body.length > maxBytes / 16) return;
      pages.set(key, { version, body });
      bytes += body.length;
      while (bytes > maxBytes) forget(pages.keys().next().value!);
    },
  };
}
