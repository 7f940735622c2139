// List pages kept as their JSON text while the data under them is unchanged. Triggers count every
// write to every business table (migration 0003), whoever makes it, so one small query tells whether
// a kept page is still exact: nothing stale is ever served, across API processes too. A page is kept
// per URL and per whose rows it shows; the oldest pages go first beyond the size cap.
// A list's exact count is kept the same way, per list, whose rows, search and filters (not the
// page or the ordering), so that paging through a list or
// reordering it between two writes counts its rows once: on 100 000 orders a dealer's count reads
// ~17 000 index entries, the largest part of building a page.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface PageCache {
  /** The data version now: the sum of every table's change counter. */
  version(db: Kysely<Database>): Promise<string>;
  get(key: string, version: string): string | undefined;
  set(key: string, version: string, body: string): void;
  /** The count of a list's rows kept for this data version, if any. */
  getCount(key: string, version: string): number | undefined;
  setCount(key: string, version: string, count: number): void;
}

export function createPageCache(maxBytes = 64 * 1024 * 1024, maxCounts = 10_000): PageCache {
  const pages = new Map<string, { version: string; body: string }>();
  const counts = new Map<string, { version: string; count: number }>();
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
    getCount(key, version) {
      const kept = counts.get(key);
      if (kept?.version === version) return kept.count;
      if (kept) counts.delete(key);
      return undefined;
    },
    setCount(key, version, count) {
      counts.delete(key);
      counts.set(key, { version, count });
      if (counts.size > maxCounts) counts.delete(counts.keys().next().value!);
    },
  };
}
