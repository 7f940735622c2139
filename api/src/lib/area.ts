// One data area of spec §7 as data: its paths, schemas, filters and how a row becomes an item; the
// routes (list, read, create, update, delete, download) are made here, the same way for every area.
// Every route names its permission, so the one check in plugins/permissions.ts guards it; a dealer's
// rows are narrowed in SQL by the area's `own`, so another dealer's row is simply not found (404).
// Writes run in one transaction with the uploaded file, so a refused request changes nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Database } from '../db/database';
import type { Area, Scope } from './access';
import { errorResponses, IdParams, ListQuery, Page } from '../schemas/common';
import { ApiError, notFound } from './api-error';
import { contentDisposition, storeFile, type Upload } from './files';
import { readForm } from './form';
import { csvColumns, csvFileName, inBatches, sendCsv } from './csv';
import { list, searchedAndOrdered } from './list';
import type { Mail } from './mailer';
import type { PageCache } from './page-cache';
import type { AccessClaims } from './tokens';

type Query = SelectQueryBuilder<Database, any, any>;
type Row = Record<string, any>;

export interface Filter {
  schema: TSchema;
  /** The column compared, e.g. 'orders.status'. */
  column: string;
  /**
   * `>=` and `<` make date ranges (`created_after`, `created_before`); `null` takes a boolean: true
   * keeps the rows where the column is null, false those where it is not (`for_all`).
   */
  op?: '=' | '>=' | '<' | 'null';
  /** Turns the query's value into the one compared (a date into an ISO-8601 UTC timestamp). */
  value?: (value: any) => unknown;
}

/** Accepts `2026-01-31` or an RFC 3339 date-time; compares as an ISO-8601 UTC timestamp. */
const dateBound = (column: string, op: '>=' | '<', name: string): Filter => ({
  schema: Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })]),
  column,
  op,
  value: (text: string) => {
    const date = new Date(text);
    // Both databases take years 1–9999 only (PostgreSQL refuses year 0).
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw new ApiError(400, 'invalid', { [name]: ['field_format'] });
    return date.toISOString();
  },
});

/** The `<prefix>_after` / `<prefix>_before` filters of a list, e.g. `published_after`. */
export const datesBetween = <P extends string>(column: string, prefix: P) => ({
  [`${prefix}_after`]: dateBound(column, '>=', `${prefix}_after`),
  [`${prefix}_before`]: dateBound(column, '<', `${prefix}_before`),
}) as Record<`${P}_after` | `${P}_before`, Filter>;

/** The `created_after` / `created_before` filters of a list. */
export const createdBetween = (column: string) => datesBetween(column, 'created');

export interface WriteContext<Body = any> {
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

export interface AreaDefinition {
  area: Area;
  /** The list path, e.g. '/orders/'; items at `<path>{id}/`. */
  path: string;
  /** Where POST creates, when spec §7 names an odd path ('/shipping/create/'). */
  createPath?: string;
  /** The table whose `id` the item's id is. */
  table: keyof Database;
  item: TObject;
  /** Rows for lists and reads, joined as `toItem` needs them. */
  select: (db: Kysely<Database>) => Query;
  /** Narrows the rows to the caller's own (dealer scope). */
  own?: (query: Query, user: AccessClaims) => Query;
  filters?: Record<string, Filter>;
  orderable: Record<string, string>;
  defaultOrdering: string;
  searchable?: string[];
  /** Orderable columns that may hold null (they sort last); the others can use their indexes. */
  nullable?: string[];
  /** CSV column titles of this area's own fields, where lib/csv.ts's common title does not fit. */
  csvTitles?: Record<string, string>;
  toItem: (row: Row) => unknown;
  /** Adds what a page of rows needs from other tables (order items), in one query. */
  expand?: (db: Kysely<Database>, rows: Row[]) => Promise<Row[]>;
  /** The fields a client writes (POST and PUT); the item's other fields may be sent and are ignored. */
  body?: TProperties;
  /** Accept multipart form-data too, with an optional file in the field `fileField`. */
  form?: boolean;
  fileField?: string;
  /** The create must carry a file (attachments). */
  fileRequired?: boolean;
  create?: (ctx: WriteContext) => Promise<number>;
  update?: (ctx: WriteContext, current: Row) => Promise<void>;
  /** False when spec §7 lists no DELETE for the area. */
  deletable?: boolean;
  /** Deletes the row; the default deletes it from `table`. */
  remove?: (ctx: WriteContext, current: Row) => Promise<void>;
  /** The `stored_files` id behind `<path>{id}/download/`. */
  download?: (row: Row) => number | null;
}

/** The write body: the writable fields as given, the item's other fields allowed and ignored. */
export function writeBody(item: TObject, writable: TProperties): TObject {
  const ignored = Object.fromEntries(Object.keys(item.properties).filter((name) => !(name in writable)).map((name) => [name, Type.Optional(Type.Unknown())]));
  return Type.Object({ ...ignored, ...writable }, { additionalProperties: false });
}

const DUPLICATE = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
const REFERENCED = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY', '23503']);
const CHECK = new Set(['SQLITE_CONSTRAINT_CHECK', 'SQLITE_CONSTRAINT_NOTNULL', '23514', '23502', '22003', '22001']);

/** A database constraint the schemas could not see (a unique value taken, a row still in use). */
function constraintError(err: unknown, deleting: boolean): unknown {
  const code = (err as { code?: string } | null)?.code ?? '';
  if (DUPLICATE.has(code)) return new ApiError(409, 'duplicate');
  if (REFERENCED.has(code)) return deleting ? new ApiError(409, 'in_use') : new ApiError(400, 'invalid');
  if (CHECK.has(code)) return new ApiError(400, 'invalid');
  return err;
}

function applyFilters(query: Query, filters: Record<string, Filter>, values: Record<string, unknown>): Query {
  let filtered = query;
  for (const [name, filter] of Object.entries(filters)) {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) continue;
    if (filter.op === 'null') {
      filtered = filtered.where(filter.column as any, value ? 'is' : 'is not', null);
      continue;
    }
    filtered = filtered.where(filter.column as any, filter.op ?? '=', (filter.value ? filter.value(value) : value) as any);
  }
  return filtered;
}

export function registerArea(app: FastifyInstance, def: AreaDefinition, pageCache: PageCache): void {
  const idColumn = `${def.table}.id`;
  const filters = def.filters ?? {};
  const querySchema = ListQuery({
    ...Object.fromEntries(Object.entries(filters).map(([name, f]) => [name, Type.Optional(f.schema)])),
    format: Type.Optional(Type.Enum(['json', 'csv'], { type: 'string', description: '`csv`: every matching row (no paging) as a CSV file, UTF-8 with a BOM, `;`-separated, Russian column titles.' })),
    fields: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[a-z_0-9]+(,[a-z_0-9]+)*$', description: 'With `format=csv`: the item fields to export, in this order (default: all).' })),
  });
  const csvName = def.path.replace(/^\/|\/$/g, '');
  const itemPath = `${def.path}:id/`;
  const permission = (action: 'list' | 'read' | 'create' | 'update' | 'delete') => ({ permission: { area: def.area, action } });

  const scoped = (request: FastifyRequest, query: Query) =>
    (request.scope === 'own' && def.own ? def.own(query, request.user!) : query);
  const toItems = async (rows: Row[]) => (def.expand ? await def.expand(app.db, rows) : rows).map(def.toItem);

  /** The row as the caller may see it, or 404. */
  async function visibleRow(request: FastifyRequest, id: number): Promise<Row> {
    const row = await scoped(request, def.select(app.db).where(idColumn as any, '=', id)).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }
  const itemOf = async (request: FastifyRequest, id: number) => (await toItems([await visibleRow(request, id)]))[0];

  app.get(def.path, {
    config: permission('list'),
    schema: { querystring: querySchema, response: { 200: Page(def.item), ...errorResponses } },
  }, async (request, reply) => {
    if ((request.query as { format?: string }).format === 'csv') {
      const params = request.query as Record<string, any>;
      const columns = csvColumns(def.item, params.fields, def.csvTitles);
      const query = applyFilters(scoped(request, def.select(app.db)), filters, params);
      const { ordered } = searchedAndOrdered(request, query, params, { orderable: def.orderable, defaultOrdering: def.defaultOrdering, idColumn, searchable: def.searchable, nullable: def.nullable });
      const items = async function* () {
        for await (const rows of inBatches((offset, limit) => ordered.limit(limit).offset(offset).execute())) yield (await toItems(rows)) as Array<Record<string, unknown>>;
      };
      return sendCsv(reply, csvFileName(csvName), columns, items());
    }
    // The same page for everyone who sees all rows; per dealer and user for a dealer's own rows.
    const key = `${request.url}\u0000${request.scope === 'own' ? `${request.user!.dealer}:${request.user!.user_id}` : 'all'}`;
    const version = await pageCache.version(app.db);
    const kept = pageCache.get(key, version);
    if (kept !== undefined) return reply.type('application/json; charset=utf-8').send(kept);
    const params = request.query as Record<string, any>;
    const query = applyFilters(scoped(request, def.select(app.db)), filters, params);
    const page = await list(request, query, params, { orderable: def.orderable, defaultOrdering: def.defaultOrdering, idColumn, searchable: def.searchable, nullable: def.nullable, map: (row: Row) => row });
    const body = reply.serialize({ ...page, results: await toItems(page.results) }) as string;
    pageCache.set(key, version, body);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get(itemPath, {
    config: permission('read'),
    schema: { params: IdParams, response: { 200: def.item, ...errorResponses } },
  }, async (request) => itemOf(request, (request.params as { id: number }).id));

  if (def.download) {
    const fileOf = def.download;
    app.get(`${itemPath}download/`, {
      config: permission('read'),
      schema: { params: IdParams },
    }, async (request, reply) => {
      const fileId = fileOf(await visibleRow(request, (request.params as { id: number }).id));
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

  async function write(request: FastifyRequest, run: (ctx: WriteContext) => Promise<number>, deleting = false): Promise<number> {
    let id: number;
    const mails: Mail[] = [];
    try {
      id = await app.db.transaction().execute(async (trx) => {
        const upload: Upload | null = request.upload ?? null;
        const file = upload ? await storeFile(trx, upload) : null;
        return run({ trx, request, user: request.user!, scope: request.scope!, body: request.body, file, afterCommit: (mail) => mails.push(mail) });
      });
    } catch (err) {
      throw constraintError(err, deleting);
    }
    // Mail only what was committed; the mailer keeps a mail it cannot send in its outbox.
    for (const mail of mails) await app.mailer.send(mail).catch((err: unknown) => request.log.error({ err }, 'mail failed'));
    return id;
  }

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
      const { id } = request.params as { id: number };
      const current = await visibleRow(request, id);
      await write(request, async (ctx) => {
        await update(ctx, current);
        return id;
      });
      return itemOf(request, id);
    });
  }

  if (def.deletable === false) return;
  app.delete(itemPath, {
    config: permission('delete'),
    schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
  }, async (request, reply) => {
    const { id } = request.params as { id: number };
    const current = await visibleRow(request, id);
    await write(request, async (ctx) => {
      if (def.remove) await def.remove(ctx, current);
      else await ctx.trx.deleteFrom(def.table).where('id' as any, '=', id).execute();
      return id;
    }, true);
    return reply.status(204).send();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file of a multipart write, read by the area's preValidation hook. */
    upload: Upload | null;
  }
}
