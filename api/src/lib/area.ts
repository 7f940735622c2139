// One data area of spec §7 as data: its paths, schemas, filters and how a row becomes an item.
// `defineArea` checks a definition's types where it is written; lib/area-routes.ts makes its routes
// (list, CSV, read, download, create, update, delete), the same way for every area.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, type StringReference, type Transaction } from 'kysely';
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
  /**
   * A condition of its own on the column instead of a comparison (a list of values, stock in a
   * subquery); it may read the database first (a setting) and depend on the caller (what they read).
   */
  condition?: (column: Expression<unknown>, value: unknown, caller: FilterCaller) => Expression<SqlBool> | Promise<Expression<SqlBool>>;
}

/** What a filter's condition may use besides its value: the database and the signed-in caller. */
export interface FilterCaller {
  db: Kysely<Database>;
  user: AccessClaims | null;
}

/** At most this many values in one `<filter>__in`. */
const MAX_IN_VALUES = 100;

/**
 * The values of a comma-separated filter (`status__in=new,confirmed`), each one of `allowed`;
 * anything else, or no value at all, is a 400 naming the filter.
 */
export function listedValues<V extends string>(name: string, text: unknown, allowed: readonly V[]): V[] {
  const values = [...new Set(String(text).split(',').map((value) => value.trim()).filter(Boolean))];
  if (!values.length) throw new ApiError(400, 'invalid', { [name]: ['field_required'] });
  if (values.length > MAX_IN_VALUES) throw new ApiError(400, 'invalid', { [name]: ['field_too_large'] });
  if (values.some((value) => !(allowed as readonly string[]).includes(value))) throw new ApiError(400, 'invalid', { [name]: ['field_choice'] });
  return values as V[];
}

/** The values of an `enum` schema (a status, a role), or undefined for any other schema. */
function enumValues(schema: TSchema): string[] | undefined {
  const values = (schema as { enum?: unknown }).enum;
  return Array.isArray(values) && values.length && values.every((value) => typeof value === 'string') ? values as string[] : undefined;
}

/**
 * The filters with the `<name>__in` twin of every plain filter whose schema is an `enum`:
 * `status__in=new,confirmed` keeps the rows in any of those statuses. A twin the filters name
 * themselves is kept as it is.
 */
export function withListedFilters<F extends Record<string, Filter<string>>>(filters: F): F {
  const twins: Record<string, Filter<string>> = {};
  for (const [name, filter] of Object.entries(filters)) {
    const allowed = enumValues(filter.schema);
    const twin = `${name}__in`;
    if (!allowed || filter.condition || filter.value || (filter.op ?? '=') !== '=' || Object.hasOwn(filters, twin)) continue;
    twins[twin] = {
      schema: Type.String({
        maxLength: allowed.reduce((length, value) => length + value.length + 1, 0) + 100,
        description: `Any of these, comma-separated: ${allowed.join(', ')}. An unknown value is a 400.`,
      }),
      column: filter.column,
      condition: (column, value) => sql<SqlBool>`${column} in (${sql.join(listedValues(twin, value, allowed))})`,
    };
  }
  return { ...filters, ...twins };
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
  /**
   * The items depend on who asks, not only on the scope (news: whether the caller has read it), so
   * lists are kept per user for staff too.
   */
  perCaller?: boolean;
  /** Runs when the caller reads one item (`GET <path>{id}/`), before it is answered (news: marks it read). */
  opened?: (db: Kysely<Database>, user: AccessClaims, row: R) => Promise<void>;
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
  // Every enum filter gets its `__in` twin (`status__in`), here, so that the routes, the OpenAPI
  // document and the list's count keys all see it.
  const filters = withListedFilters(def.filters ?? {});
  return {
    area: def.area, path: def.path, item: def.item, filters, orderable: def.orderable, csvTitles: def.csvTitles,
    register: (app, listCache) => registerArea(app, { ...def, filters }, listCache),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file of a multipart write, read by the area's preValidation hook. */
    upload: Upload | null;
  }
}
