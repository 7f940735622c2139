// The one list cache: what a list answered, kept while the data under it is unchanged. Triggers
// count every write to every business table (migration 0003), whoever makes it, so one small query
// (`version`) tells whether anything kept is still exact: nothing stale is ever served, across API
// processes too. Three stores behind the one interface:
// - pages, as their JSON, per URL and per whose rows they show; the oldest go first beyond the cap;
// - a list's exact count, per list, whose rows, search and filters (not the page or the ordering),
//   so that paging through a list or reordering it between two writes counts its rows once: on
//   100 000 orders a dealer's count reads ~17 000 index entries, the largest part of building a page;
// - an item of a list whose area keeps items (orders), as its JSON, per row and stamped with what
//   it was built from: its row as the list's select read it (migration 0012 makes the row change
//   with every write to its lines and history) and the `names` counter (the products' and users'
//   names it shows). A page built anew after a write (what a busy portal mostly serves) then builds
//   only the items whose rows changed (issue 9 item 7).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface DataVersion {
  /** The sum of every table's change counter: any write changes it. */
  all: string;
  /** The `names` counter: products' SKUs and names, users' names and emails (migration 0012). */
  names: string;
}

export interface ListCache {
  /** The data version now: one small query. */
  version(db: Kysely<Database>): Promise<DataVersion>;
  /** A page's JSON kept for this data version, if any. */
  page(key: string, version: DataVersion): string | undefined;
  keepPage(key: string, version: DataVersion, json: string): void;
  /** A list's count kept for this data version, if any. */
  count(key: string, version: DataVersion): number | undefined;
  keepCount(key: string, version: DataVersion, count: number): void;
  /**
   * The JSON of each row's item, in the rows' order: a kept one while its row (and the names it
   * shows) is as it was when it was built; the others made by `build` (once, for all of them) and kept.
   */
  items<Row extends object>(rows: Row[], keyOf: (row: Row) => string, version: DataVersion, build: (rows: Row[]) => Promise<string[]>): Promise<string[]>;
}

/**
 * What an item was built from, as text: the `names` counter and every value of its row (timestamps
 * as ISO text, so that PostgreSQL's Date objects keep their milliseconds).
 */
function rowStamp(row: object, names: string): string {
  let stamp = names;
  for (const value of Object.values(row)) {
    stamp += '\u0001';
    if (value === null || value === undefined) stamp += '\u0000';
    else if (value instanceof Date) stamp += value.toISOString();
    else if (typeof value === 'object') stamp += JSON.stringify(value);
    else stamp += String(value);
  }
  return stamp;
}

/** A map that forgets its oldest entries beyond `max` of their `size`. */
function boundedStore<V>(max: number, size: (value: V) => number) {
  const entries = new Map<string, V>();
  let total = 0;
  const forget = (key: string) => {
    const value = entries.get(key);
    if (value === undefined) return;
    total -= size(value);
    entries.delete(key);
  };
  return {
    get: (key: string) => entries.get(key),
    forget,
    set(key: string, value: V) {
      forget(key);
      entries.set(key, value);
      total += size(value);
      while (total > max) forget(entries.keys().next().value!);
    },
  };
}

export function createListCache(maxBytes = 64 * 1024 * 1024, maxCounts = 10_000, maxItemBytes = 32 * 1024 * 1024): ListCache {
  const pages = boundedStore<{ version: string; json: string }>(maxBytes, (page) => page.json.length);
  const counts = boundedStore<{ version: string; count: number }>(maxCounts, () => 1);
  const items = boundedStore<{ stamp: string; json: string }>(maxItemBytes, (item) => item.stamp.length + item.json.length);
  /** The value kept under `key` while its `version` (or stamp) is `current`; a stale one is forgotten. */
  const current = <V extends { version: string }>(store: { get(key: string): V | undefined; forget(key: string): void }, key: string, version: string) => {
    const kept = store.get(key);
    if (kept === undefined || kept.version === version) return kept;
    store.forget(key);
    return undefined;
  };
  return {
    async version(db) {
      const row = await sql<{ v: string | number | null; n: string | number | null }>`select sum(version) as v,
        sum(case when name = 'names' then version else 0 end) as n from data_versions`.execute(db);
      return { all: String(row.rows[0]?.v ?? 0), names: String(row.rows[0]?.n ?? 0) };
    },
    page: (key, version) => current(pages, key, version.all)?.json,
    keepPage(key, version, json) {
      // One page never takes more than a sixteenth of the cap.
      if (json.length > maxBytes / 16) pages.forget(key);
      else pages.set(key, { version: version.all, json });
    },
    count: (key, version) => current(counts, key, version.all)?.count,
    keepCount: (key, version, count) => counts.set(key, { version: version.all, count }),
    async items(rows, keyOf, version, build) {
      const keys = rows.map(keyOf);
      const stamps = rows.map((row) => rowStamp(row, version.names));
      const jsons = keys.map((key, i) => {
        const kept = items.get(key);
        if (kept === undefined) return undefined;
        if (kept.stamp !== stamps[i]) {
          items.forget(key);
          return undefined;
        }
        // The most recently used go last: the oldest are forgotten first beyond the cap.
        items.set(key, kept);
        return kept.json;
      });
      const missing = jsons.flatMap((json, i) => (json === undefined ? [i] : []));
      if (missing.length) {
        const built = await build(missing.map((i) => rows[i]));
        missing.forEach((i, n) => {
          jsons[i] = built[n];
          items.set(keys[i], { stamp: stamps[i], json: built[n] });
        });
      }
      return jsons as string[];
    },
  };
}
