// One data area of spec §7 as data: its paths, schemas, filters and how a row becomes an item; the
// routes (list, read, create, update, delete, download) are made here, the same way for every area.
// Every route names its permission, so the one check in plugins/permissions.ts guards it; a dealer's
// rows are narrowed in SQL by the area's `own`, so another dealer's row is simply not found (404).
// Writes run in one transaction with the uploaded file, so a refused request changes nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, type StringReference, type Transaction } from 'kysely';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Database } from '../db/database';
import type { Area, Scope } from './access';
import { errorResponses, IdParams, ListQuery, Page } from '../schemas/common';
import { ApiError, notFound } from './api-error';
import { contentDisposition, storeFile, type Upload } from './files';
import { readForm } from './form';
import { csvColumns, csvFileName, inBatches, sendCsv } from './csv';
import { list, searchedAndOrdered, type ListParams } from './list';
import type { Mail } from './mailer';
import type { MessageCode } from './messages';
import type { PageCache } from './page-cache';
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
   * Lists keep each item's JSON while it is unchanged (lib/page-cache.ts). Only for an area whose
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
  register(app: FastifyInstance, pageCache: PageCache): void;
}

/** Checks an area's definition (its columns, body and item types) and makes its routes. */
export function defineArea<DB, Tables extends keyof DB, R extends object, Item extends TObject, Writable extends TProperties = Record<never, never>, Expanded extends R = R>(
  def: AreaDefinition<DB, Tables, R, Expanded, Item, Writable>,
): AreaRoutes {
  return {
    area: def.area, path: def.path, item: def.item, filters: def.filters ?? {}, orderable: def.orderable, csvTitles: def.csvTitles,
    register: (app, pageCache) => registerArea(app, def, pageCache),
  };
}

/** The write body: the writable fields as given, the item's other fields allowed and ignored. */
export function writeBody<Writable extends TProperties>(item: TObject, writable: Writable): TObject<Writable> {
  const ignored = Object.fromEntries(Object.keys(item.properties).filter((name) => !Object.hasOwn(writable, name)).map((name) => [name, Type.Optional(Type.Unknown())]));
  // Typed as the writable fields: the others are accepted only to be ignored.
  return Type.Object({ ...ignored, ...writable }, { additionalProperties: false }) as TObject<Writable>;
}

const DUPLICATE = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
const REFERENCED = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY', '23503']);
const CHECK = new Set(['SQLITE_CONSTRAINT_CHECK', 'SQLITE_CONSTRAINT_NOTNULL', '23514', '23502', '22003', '22001']);

/**
 * The body fields a unique constraint names, so that the portal puts «already taken» on the field
 * (a product's SKU): SQLite says `UNIQUE constraint failed: products.sku`, PostgreSQL's detail
 * `Key (sku)=(...) already exists.`; a column `product_id` is the body's `product`.
 */
function duplicateFields(message: string, detail: string): Record<string, MessageCode[]> | undefined {
  const columns = /UNIQUE constraint failed: (.+)$/.exec(message)?.[1].split(',').map((c) => c.trim().split('.').pop() ?? '')
    ?? /^Key \(([^)]+)\)=/.exec(detail)?.[1].split(',').map((c) => c.trim());
  const names = (columns ?? []).filter((c) => /^[a-z_]+$/.test(c)).map((c) => c.replace(/_id$/, ''));
  return names.length ? Object.fromEntries(names.map((name) => [name, ['duplicate' as const]])) : undefined;
}

/** A database constraint the schemas could not see (a unique value taken, a row still in use). */
function constraintError(err: unknown, deleting: boolean): unknown {
  const { code = '', message = '', detail = '' } = (err as { code?: string; message?: string; detail?: string } | null) ?? {};
  if (DUPLICATE.has(code)) return new ApiError(409, 'duplicate', duplicateFields(message, detail));
  // SQLite words an ON DELETE RESTRICT reference (a store item a reservation holds) as a trigger's.
  if (REFERENCED.has(code) || (code === 'SQLITE_CONSTRAINT_TRIGGER' && message.includes('FOREIGN KEY'))) return deleting ? new ApiError(409, 'in_use') : new ApiError(400, 'invalid');
  if (CHECK.has(code)) return new ApiError(400, 'invalid');
  return err;
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

/** A list's answer from its envelope (serialized with no results) and its items' JSON. */
function pageOfKeptItems(envelope: string, items: string[]): string {
  // `results` is the last field of a page (schemas/common.ts): the items go between its brackets.
  if (!envelope.endsWith('[]}')) throw new Error('a page must end with its results');
  return `${envelope.slice(0, -2)}${items.join(',')}]}`;
}

function applyFilters<DB, TB extends keyof DB, R>(query: SelectQueryBuilder<DB, TB, R>, filters: Record<string, Filter>, values: Record<string, unknown>): SelectQueryBuilder<DB, TB, R> {
  let filtered = query;
  for (const [name, filter] of Object.entries(filters)) {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) continue;
    const column = sql.ref(filter.column);
    if (filter.condition) {
      filtered = filtered.where(filter.condition(column, value));
      continue;
    }
    if (filter.op === 'null') {
      filtered = filtered.where(value ? sql<SqlBool>`${column} is null` : sql<SqlBool>`${column} is not null`);
      continue;
    }
    const compared = filter.value ? filter.value(String(value)) : value;
    filtered = filtered.where(sql<SqlBool>`${column} ${sql.raw(filter.op ?? '=')} ${compared}`);
  }
  return filtered;
}

/** The query of a list: the list params, the CSV export's, and the area's filters. */
type ListRequestQuery = ListParams & { format?: 'json' | 'csv'; fields?: string } & Record<string, unknown>;

function registerArea<DB, TB extends keyof DB, R extends object, Expanded extends R, Item extends TObject, Writable extends TProperties>(
  app: FastifyInstance, def: AreaDefinition<DB, TB, R, Expanded, Item, Writable>, pageCache: PageCache,
): void {
  type Query = SelectQueryBuilder<DB, TB, R>;
  const idColumn = `${def.table}.id`;
  const filters: Record<string, Filter> = def.filters ?? {};
  const filterNames = Object.keys(filters);
  const querySchema = ListQuery({
    ...Object.fromEntries(Object.entries(filters).map(([name, f]) => [name, Type.Optional(f.schema)])),
    format: Type.Optional(Type.Enum(['json', 'csv'], { type: 'string', description: '`csv`: every matching row (no paging) as a CSV file, UTF-8 with a BOM, `;`-separated, Russian column titles.' })),
    fields: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[a-z_0-9]+(,[a-z_0-9]+)*$', description: 'With `format=csv`: the item fields to export, in this order (default: all).' })),
  });
  const csvName = def.path.replace(/^\/|\/$/g, '');
  const itemPath = `${def.path}:id/`;
  const permission = (action: 'list' | 'read' | 'create' | 'update' | 'delete') => ({ permission: { area: def.area, action } });
  const listOptions = { orderable: def.orderable, defaultOrdering: def.defaultOrdering, idColumn, searchable: def.searchable, nullable: def.nullable };

  const scoped = (request: FastifyRequest, query: Query): Query =>
    (request.scope === 'own' && def.own ? def.own(query, request.user!) : query);
  // Without `expand` a row is all `toItem` needs (Expanded is Row).
  const expanded = async (rows: R[]): Promise<Expanded[]> => (def.expand ? def.expand(app.db, rows) : rows as Expanded[]);
  const toItems = async (rows: R[]) => (await expanded(rows)).map(def.toItem);
  const rowsOf = (request: FastifyRequest, params: ListRequestQuery) => applyFilters(scoped(request, def.select(app.db, request.user)), filters, params);

  /** The row as the caller may see it, or 404. */
  async function visibleRow(request: FastifyRequest, id: number): Promise<R> {
    const row = await scoped(request, def.select(app.db, request.user).where(sql<SqlBool>`${sql.ref(idColumn)} = ${id}`)).executeTakeFirst();
    if (!row) throw notFound();
    return row as R;
  }
  /** The JSON of each row's item: kept ones as they are, the others built (in one `expand`) and kept. */
  async function keptItems(rows: R[], names: string, serialize: (item: Static<Item>) => string): Promise<string[]> {
    const keys = rows.map((row) => `${def.path}${(row as { id: number }).id}`);
    const stamps = rows.map((row) => rowStamp(row, names));
    const jsons = rows.map((_, i) => pageCache.getItem(keys[i], stamps[i]));
    const missing = jsons.flatMap((json, i) => (json === undefined ? [i] : []));
    if (missing.length) {
      const built = await toItems(missing.map((i) => rows[i]));
      missing.forEach((i, n) => {
        jsons[i] = serialize(built[n]);
        pageCache.setItem(keys[i], stamps[i], jsons[i]);
      });
    }
    return jsons as string[];
  }
  const itemOf = async (request: FastifyRequest, id: number) => (await toItems([await visibleRow(request, id)]))[0];
  const idOf = (request: FastifyRequest) => (request.params as Static<typeof IdParams>).id;

  app.get(def.path, {
    config: permission('list'),
    schema: { querystring: querySchema, response: { 200: Page(def.item), ...errorResponses } },
  }, async (request, reply) => {
    const params = request.query as ListRequestQuery;
    if (params.format === 'csv') {
      const columns = csvColumns(def.item, params.fields, def.csvTitles);
      const { ordered } = searchedAndOrdered(request, rowsOf(request, params), params, listOptions);
      const items = async function* () {
        for await (const rows of inBatches((offset, limit) => ordered.limit(limit).offset(offset).execute())) yield await toItems(rows as R[]);
      };
      return sendCsv(reply, csvFileName(csvName), columns, items());
    }
    // The same page for everyone who sees all rows; per dealer and user for a dealer's own rows.
    const whose = request.scope === 'own' ? `${request.user!.dealer}:${request.user!.user_id}` : 'all';
    const key = `${request.url}\u0000${whose}`;
    const version = await pageCache.version(app.db);
    const kept = pageCache.get(key, version.all);
    if (kept !== undefined) return reply.type('application/json; charset=utf-8').send(kept);
    // The count depends on whose rows, the search and the filters, not on the page or the ordering:
    // paging through a list between two writes counts once (and builds no count query).
    const countKey = JSON.stringify([def.path, whose, params.search?.trim() ?? '', ...filterNames.map((name) => (Object.hasOwn(params, name) ? params[name] : null))]);
    const keptCount = { get: () => pageCache.getCount(countKey, version.all), set: (count: number) => pageCache.setCount(countKey, version.all, count) };
    const quickCount = def.count && (() => def.count!(app.db, request, params));
    const page = await list(request, rowsOf(request, params), params, { ...listOptions, map: (row) => row as R, keptCount, quickCount });
    const body = def.keepItems
      ? pageOfKeptItems(reply.serialize({ ...page, results: [] }) as string, await keptItems(page.results, version.names, reply.compileSerializationSchema(def.item as unknown as Record<string, unknown>)))
      : reply.serialize({ ...page, results: await toItems(page.results) }) as string;
    pageCache.set(key, version.all, body);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get(itemPath, {
    config: permission('read'),
    schema: { params: IdParams, response: { 200: def.item, ...errorResponses } },
  }, async (request) => itemOf(request, idOf(request)));

  if (def.download) {
    const fileOf = def.download;
    app.get(`${itemPath}download/`, {
      config: permission('read'),
      schema: { params: IdParams },
    }, async (request, reply) => {
      const fileId = fileOf(await visibleRow(request, idOf(request)));
      if (fileId === null) throw notFound();
      const file = await app.db.selectFrom('stored_files').selectAll().where('id', '=', fileId).executeTakeFirst();
      if (!file) throw notFound();
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', contentDisposition(file.name))
        .header('content-length', file.size)
        .header('x-content-sha256', file.sha256)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.data));
    });
  }

  async function write<Body>(request: FastifyRequest, run: (ctx: WriteContext<Body>) => Promise<number>, deleting = false): Promise<number> {
    let id: number;
    const mails: Mail[] = [];
    try {
      id = await app.db.transaction().execute(async (trx) => {
        const upload: Upload | null = request.upload ?? null;
        const file = upload ? await storeFile(trx, upload) : null;
        // The body was validated against the route's schema, whose type `Body` is.
        const body = request.body as Body;
        return run({ trx, request, user: request.user!, scope: request.scope!, body, file, afterCommit: (mail) => mails.push(mail) });
      });
    } catch (err) {
      throw constraintError(err, deleting);
    }
    // Mail only what was committed; the mailer keeps a mail it cannot send in its outbox.
    for (const mail of mails) await app.mailer.send(mail).catch((err: unknown) => request.log.error({ err }, 'mail failed'));
    return id;
  }

  if (def.remove) {
    const remove = def.remove;
    app.delete(itemPath, {
      config: permission('delete'),
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
    }, async (request, reply) => {
      const id = idOf(request);
      const current = await visibleRow(request, id);
      await write(request, async (ctx) => {
        if (remove === 'row') await ctx.trx.deleteFrom(def.table).where(sql<SqlBool>`id = ${id}`).execute();
        else await remove(ctx, current);
        return id;
      }, true);
      return reply.status(204).send();
    });
  }

  if (!def.body) return;
  const body = writeBody(def.item, def.body);
  const fileField = def.fileField ?? 'document';
  // A form's fields arrive as text: read them into the shape of the body before validation.
  const preValidation = def.form
    ? async (request: FastifyRequest) => {
      if (!request.isMultipart()) return;
      const form = await readForm(request, body, [fileField], app.config.uploadLimitMb * 1024 * 1024);
      request.body = form.body;
      request.upload = form.files[fileField] ?? null;
    }
    : undefined;

  if (def.create) {
    const create = def.create;
    app.post(def.createPath ?? def.path, {
      config: permission('create'),
      schema: { body, response: { 201: def.item, ...errorResponses } },
      preValidation,
    }, async (request, reply) => {
      if (def.fileRequired && !request.upload) throw new ApiError(400, 'file_required', { [fileField]: ['file_required'] });
      const id = await write(request, create);
      return reply.status(201).send(await itemOf(request, id));
    });
  }

  if (def.update) {
    const update = def.update;
    app.put(itemPath, {
      config: permission('update'),
      schema: { params: IdParams, body, response: { 200: def.item, ...errorResponses } },
      preValidation,
    }, async (request) => {
      const id = idOf(request);
      const current = await visibleRow(request, id);
      await write(request, async (ctx: Parameters<typeof update>[0]) => {
        await update(ctx, current);
        return id;
      });
      return itemOf(request, id);
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file of a multipart write, read by the area's preValidation hook. */
    upload: Upload | null;
  }
}
