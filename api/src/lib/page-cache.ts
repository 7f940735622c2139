// List pages kept as their JSON text while the data under them is unchanged. Triggers count every
// write to every business table (migration 0003), whoever makes it, so one small query tells whether
// a kept page is still exact: nothing stale is ever served, across API processes too. A page is kept
// per URL and per whose rows it shows; the oldest pages go first beyond the size cap.
// A list's exact count is kept the same way, per list, whose rows, search and filters (not the
// page or the ordering), so that paging through a list or
// reordering it between two writes counts its rows once: on 100 000 orders a dealer's count reads
// ~17 000 index entries, the largest part of building a page.
// An item of a list whose area keeps items (orders) is kept too, as its JSON text, per row and stamped
// with what it was built from: its row as the list's select read it (migration 0012 makes the row
// change with every write to its lines and history) and the `names` counter (the products' and
// users' names it shows). A page built anew after a write (what a busy portal mostly serves) then
// builds only the items whose rows changed (issue 9 item 7).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface DataVersion {
  /** The sum of every table's change counter: any write changes it. */
  all: string;
  /** The `names` counter: products' SKUs and names, users' names and emails (migration 0012). */
  names: string;
}

export interface PageCache {
  /** The data version now. */
  version(db: Kysely<Database>): Promise<DataVersion>;
  get(key: string, version: string): string | undefined;
  set(key: string, version: string, body: string): void;
  /** The count of a list's rows kept for this data version, if any. */
  getCount(key: string, version: string): number | undefined;
  setCount(key: string, version: string, count: number): void;
  /** An item's JSON kept under this stamp (what it was built from), if any. */
  getItem(key: string, stamp: string): string | undefined;
  setItem(key: string, stamp: string, json: string): void;
}

export function createPageCache(maxBytes = 64 * 1024 * 1024, maxCounts = 10_000, maxItemBytes = 32 * 1024 * 1024): PageCache {
  const pages = new Map<string, { version: string; body: string }>();
  const counts = new Map<string, { version: string; count: number }>();
  const items = new Map<string, { stamp: string; json: string }>();
  let bytes = 0;
  let itemBytes = 0;
  const forgetItem = (key: string) => {
    const item = items.get(key);
    if (!item) return;
    itemBytes -= item.stamp.length + item.json.length;
    items.delete(key);
  };
  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.body.length;
    pages.delete(key);
  };
  return {
    async version(db) {
      const row = await sql<{ v: string | number | null; n: string | number | null }>`select sum(version) as v,
        sum(case when name = 'names' then version else 0 end) as n from data_versions`.execute(db);
      return { all: String(row.rows[0]?.v ?? 0), names: String(row.rows[0]?.n ?? 0) };
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
    getItem(key, stamp) {
      const item = items.get(key);
      if (!item) return undefined;
      if (item.stamp !== stamp) {
        forgetItem(key);
        return undefined;
      }
      // The most recently used go last: the oldest are forgotten first beyond the cap.
      items.delete(key);
      items.set(key, item);
      return item.json;
    },
    setItem(key, stamp, json) {
      forgetItem(key);
      items.set(key, { stamp, json });
      itemBytes += stamp.length + json.length;
      while (itemBytes > maxItemBytes) forgetItem(items.keys().next().value!);
    },
  };
}
