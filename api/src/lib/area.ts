// One data area of spec §7 as data: its paths, schemas, filters and how a row becomes an item.
// `defineArea` checks a definition's types where it is written; lib/area-routes.ts makes its routes
// (list, CSV, read, download, create, update, delete), the same way for every area.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Expression, Kysely, SelectQueryBuilder, SqlBool, StringReference, Transaction } from 'kysely';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Database } from '../db/database';
import type { Area, Scope } from './access';
import { ApiError } from './api-error';
import { registerArea } from './area-routes';
import type { Upload } from './files';
import type { ListCache } from './list-cache';
import type { Mail } from './mailer';
import type { AccessClaims } from './tokens';

export interface Filter<Column extends string = string> {
  schema: TSchema;
  /** The column compared, e.g. 'orders.status': a name the database interface knows. */
  column: Column;
  /**
   * `>=` and `<` make date ranges (`created_after`, `created_before`); `null` takes a boolean: true
   * keeps the rows where the column is null, false those where it is not (`for_all`).
   */
  op?: '=' | '>=' | '<' | 'null';
  /** Turns the query's text into the value compared (a date into an ISO-8601 UTC timestamp). */
  value?: (text: string) => unknown;
  /** A condition of its own on the column instead of a comparison (a list of values, stock in a subquery). */
  condition?: (column: Expression<unknown>, value: unknown) => Expression<SqlBool>;
}

/** Accepts `2026-01-31` or an RFC 3339 date-time; compares as an ISO-8601 UTC timestamp. */
const dateBound = <C extends string>(column: C, op: '>=' | '<', name: string): Filter<C> => ({
  schema: Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]),
  column,
  op,
  value: (text) => {
    const date = new Date(text);
    // Both databases take years 1–9999 only (PostgreSQL refuses year 0).
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw new ApiError(400, 'invalid', { [name]: ['field_format'] });
    return date.toISOString();
  },
});

/** The `<prefix>_after` / `<prefix>_before` filters of a list, e.g. `published_after`. */
export const datesBetween = <C extends string, P extends string>(column: C, prefix: P) => ({
  [`${prefix}_after`]: dateBound(column, '>=', `${prefix}_after`),
  [`${prefix}_before`]: dateBound(column, '<', `${prefix}_before`),
}) as Record<`${P}_after` | `${P}_before`, Filter<C>>;

/** The `created_after` / `created_before` filters of a list. */
export const createdBetween = <C extends string>(column: C) => datesBetween(column, 'created');

export interface WriteContext<Body = unknown> {
  trx: Transaction<Database>;
  request: FastifyRequest;
  user: AccessClaims;
  scope: Scope;
  body: Body;
  /** The id in `stored_files` of the file that came with the request (already stored), if any. */
  file: number | null;
  /** Sends the mail once the write has committed; a refused or failed write mails nothing. */
  afterCommit(mail: Mail): void;
}

/** A write body as the handler gets it: the writable fields typed by their schemas, the item's other fields (sent back, ignored) unknown. */
export type WriteBody<Item extends TObject, Writable extends TProperties> =
  Static<TObject<Writable>> & { [K in Exclude<keyof Item['properties'], keyof Writable>]?: unknown };

/**
 * One area. `DB` and `Tables` are those of the area's `select` (with its joins and aliases), so
 * every column named below (filters, ordering, search) is checked against them; `Row` is what the
 * select gives, `Expanded` what `expand` adds to it, `Item` the schema `toItem` must answer.
 */
export interface AreaDefinition<DB, Tables extends keyof DB, R extends object, Expanded extends R, Item extends TObject, Writable extends TProperties> {
  area: Area;
  /** The list path, e.g. '/orders/'; items at `<path>{id}/`. */
  path: string;
  /** Where POST creates, when spec §7 names an odd path ('/shipping/create/'). */
  createPath?: string;
  /** The table whose `id` the item's id is. */
  table: keyof Database & string;
  item: Item;
  /** Rows for lists and reads, joined as `toItem` needs them (with the caller's own values, such as a dealer's discount). */
  select: (db: Kysely<Database>, user: AccessClaims | null) => SelectQueryBuilder<DB, Tables, R>;
  /** Narrows the rows to the caller's own (dealer scope). */
  own?: (query: SelectQueryBuilder<DB, Tables, R>, user: AccessClaims) => SelectQueryBuilder<DB, Tables, R>;
  filters?: Record<string, Filter<StringReference<DB, Tables>>>;
  orderable: Record<string, StringReference<DB, Tables>>;
  defaultOrdering: string;
  searchable?: ReadonlyArray<StringReference<DB, Tables>>;
  /** Orderable columns that may hold null (they sort last); the others can use their indexes. */
  nullable?: ReadonlyArray<StringReference<DB, Tables>>;
  /** CSV column titles of this area's own fields, where lib/csv.ts's common title does not fit. */
  csvTitles?: Record<string, string>;
  toItem: (row: Expanded) => Static<Item>;
  /** Adds what a page of rows needs from other tables (order items), in one query. */
  expand?: (db: Kysely<Database>, rows: R[]) => Promise<Expanded[]>;
  /**
   * Lists keep each item's JSON while it is unchanged (lib/list-cache.ts). Only for an area whose
   * item is built from its row as `select` reads it and from data whose every change changes that row
   * or the `names` counter (migration 0012 makes it so for orders), whoever the caller.
   */
  keepItems?: boolean;
  /**
   * The exact count of a list's rows read from somewhere quicker than the rows (a table of counts);
   * undefined where it cannot tell (a search, a filter it does not know), and the rows are counted.
   */
  count?: (db: Kysely<Database>, request: FastifyRequest, params: Record<string, unknown>) => Promise<number | undefined>;
  /** The fields a client writes (POST and PUT); the item's other fields may be sent and are ignored. */
  body?: Writable;
  /** Accept multipart form-data too, with an optional file in the field `fileField`. */
  form?: boolean;
  fileField?: string;
  /** The create must carry a file (attachments). */
  fileRequired?: boolean;
  create?: (ctx: WriteContext<WriteBody<Item, Writable>>) => Promise<number>;
  update?: (ctx: WriteContext<WriteBody<Item, Writable>>, current: R) => Promise<void>;
  /**
   * DELETE `<path>{id}/`: `'row'` deletes the row from `table`, a function does more (the files
   * that go with it, a status check). Without it the area has no DELETE route.
   */
  remove?: 'row' | ((ctx: WriteContext, current: R) => Promise<void>);
  /** The `stored_files` id behind `<path>{id}/download/`. */
  download?: (row: R) => number | null;
}

/** An area as the application registers it, its types checked where it was defined. */
export interface AreaRoutes {
  area: Area;
  path: string;
  item: TObject;
  filters: Readonly<Record<string, Filter>>;
  orderable: Readonly<Record<string, string>>;
  csvTitles?: Record<string, string>;
  register(app: FastifyInstance, listCache: ListCache): void;
}

/** Checks an area's definition (its columns, body and item types) and makes its routes. */
export function defineArea<DB, Tables extends keyof DB, R extends object, Item extends TObject, Writable extends TProperties = Record<never, never>, Expanded extends R = R>(
  def: AreaDefinition<DB, Tables, R, Expanded, Item, Writable>,
): AreaRoutes {
  return {
    area: def.area, path: def.path, item: def.item, filters: def.filters ?? {}, orderable: def.orderable, csvTitles: def.csvTitles,
    register: (app, listCache) => registerArea(app, def, listCache),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file of a multipart write, read by the area's preValidation hook. */
    upload: Upload | null;
  }
}
