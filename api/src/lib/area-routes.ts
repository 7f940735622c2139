// The routes of an area (lib/area.ts), the same for every area: list (JSON or CSV), read, download,
// create, update, delete, each a handler of its own below. Every route names its permission, so the
// one check in plugins/permissions.ts guards it; a dealer's rows are narrowed in SQL by the area's
// `own`, so another dealer's row is simply not found (404). Writes run in one transaction with the
// uploaded file, so a refused request changes nothing; mail goes only after the commit. Lists are
// kept in the one list cache (lib/list-cache.ts) while their data is unchanged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { errorResponses, IdParams, ListQuery, Page, writeBody } from '../schemas/common';
import { ApiError, notFound } from './api-error';
import type { AreaDefinition, Filter, FilterCaller, WriteBody, WriteContext } from './area';
import { csvColumns, exportFileName, inBatches, sendCsv } from './csv';
import { constraintError } from './db-errors';
import { sendStoredFile, storeFile } from './files';
import { readForm } from './form';
import type { DataVersion, ListCache } from './list-cache';
import { countRows, pageJson, pageOf, searchedAndOrdered, type ListOptions, type ListParams } from './list';
import type { Mail } from './mailer';
import { askedLanguage, type Language } from './messages';
import { sendXlsx } from './xlsx';

/** How many mails a write sends at once after its commit. */
export const MAIL_BATCH = 20;

/** The query of a list: the list params, the CSV export's, and the area's filters. */
type ListRequestQuery = ListParams & { format?: 'json' | 'csv' | 'xlsx'; fields?: string } & Record<string, unknown>;

const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
const idOf = (request: FastifyRequest) => (request.params as Static<typeof IdParams>).id;

async function applyFilters<DB, TB extends keyof DB, R>(query: SelectQueryBuilder<DB, TB, R>, filters: Record<string, Filter>, values: Record<string, unknown>, caller: FilterCaller): Promise<SelectQueryBuilder<DB, TB, R>> {
  let filtered = query;
  for (const [name, filter] of Object.entries(filters)) {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) continue;
    const column = sql.ref(filter.column);
    if (filter.condition) {
      filtered = filtered.where(await filter.condition(column, value, caller));
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

/** One area's handlers: one method per route kind, over what they share (its rows, its items, its writes). */
class AreaHandlers<DB, TB extends keyof DB, R extends object, Expanded extends R, Item extends TObject, Writable extends TProperties> {
  private readonly filters: Record<string, Filter>;
  private readonly listOptions: ListOptions;

  constructor(
    private readonly app: FastifyInstance,
    private readonly def: AreaDefinition<DB, TB, R, Expanded, Item, Writable>,
    private readonly cache: ListCache,
  ) {
    this.filters = def.filters ?? {};
    this.listOptions = { orderable: def.orderable, defaultOrdering: def.defaultOrdering, idColumn: `${def.table}.id`, searchable: def.searchable, nullable: def.nullable };
  }

  /** The caller's rows: a dealer's own only (the area's `own`). */
  private scoped(request: FastifyRequest, query: SelectQueryBuilder<DB, TB, R>): SelectQueryBuilder<DB, TB, R> {
    return request.scope === 'own' && this.def.own ? this.def.own(query, request.user!) : query;
  }

  /** The row as the caller may see it, or 404. */
  private async visibleRow(request: FastifyRequest, id: number): Promise<R> {
    const row = await this.scoped(request, this.def.select(this.app.db, request.user).where(sql<SqlBool>`${sql.ref(this.listOptions.idColumn)} = ${id}`)).executeTakeFirst();
    if (!row) throw notFound();
    return row as R;
  }

  /** The items of rows, with what `expand` adds (in one query for all of them). */
  private async items(rows: R[]): Promise<Array<Static<Item>>> {
    // Without `expand` a row is all `toItem` needs (Expanded is Row).
    const expanded = this.def.expand ? await this.def.expand(this.app.db, rows) : rows as Expanded[];
    return expanded.map(this.def.toItem);
  }

  private async item(request: FastifyRequest, id: number): Promise<Static<Item>> {
    return (await this.items([await this.visibleRow(request, id)]))[0];
  }

  /** A list's rows, searched and ordered, narrowed by the caller's scope and the query's filters. */
  private async listed(request: FastifyRequest, params: ListRequestQuery) {
    const rows = await applyFilters(this.scoped(request, this.def.select(this.app.db, request.user)), this.filters, params, { db: this.app.db, user: request.user ?? null });
    return searchedAndOrdered(request, rows, params, this.listOptions);
  }

  /** GET `<path>`: a page of items (kept while the data is unchanged), or with `format=csv|xlsx` every row as a file. */
  async list(request: FastifyRequest, reply: FastifyReply) {
    const params = request.query as ListRequestQuery;
    if (params.format === 'csv' || params.format === 'xlsx') return this.exported(request, reply, params, params.format);
    // The same page for everyone who sees all rows, staff apart from dealers (an area's `select` may
    // leave out for a dealer what staff see: a store item's reserved units); per dealer and user for
    // a dealer's own rows, and per user where the items depend on the caller.
    const whose = request.scope === 'own' ? `${request.user!.dealer}:${request.user!.user_id}`
      : this.def.perCaller ? `user:${request.user?.user_id ?? ''}` : request.user?.role === 'dealer' ? 'all:dealers' : 'all';
    const key = `${request.url}\u0000${whose}`;
    const version = await this.cache.version(this.app.db);
    const kept = this.cache.page(key, version);
    if (kept !== undefined) return sendJson(reply, kept);
    const { searched, ordered } = await this.listed(request, params);
    const page = await pageOf(request, ordered, params, await this.count(request, params, whose, searched, version));
    const json = this.def.keepItems
      ? pageJson(page, await this.cache.items(page.results, (row) => `${this.def.path}${(row as { id: number }).id}`, version, (rows) => this.itemsJson(reply, rows)))
      : reply.serialize({ ...page, results: await this.items(page.results) }) as string;
    this.cache.keepPage(key, version, json);
    return sendJson(reply, json);
  }

  /** Each row's item as JSON, by the item's response schema. */
  private async itemsJson(reply: FastifyReply, rows: R[]): Promise<string[]> {
    const serialize = reply.compileSerializationSchema(this.def.item as unknown as Record<string, unknown>);
    return (await this.items(rows)).map((item) => serialize(item));
  }

  /**
   * A list's exact count: kept, or told by the area's `count`, or counted. It depends on whose rows,
   * the search and the filters, not on the page or the ordering: paging through a list between two
   * writes counts once.
   */
  private async count(request: FastifyRequest, params: ListRequestQuery, whose: string, searched: SelectQueryBuilder<DB, TB, R>, version: DataVersion): Promise<number> {
    const key = JSON.stringify([this.def.path, whose, params.search?.trim() ?? '', ...Object.keys(this.filters).map((name) => (Object.hasOwn(params, name) ? params[name] : null))]);
    const known = this.cache.count(key, version) ?? await this.def.count?.(this.app.db, request, params);
    if (known !== undefined) return known;
    const counted = await countRows(searched);
    this.cache.keepCount(key, version, counted);
    return counted;
  }

  /** The signed-in caller's language of the profile (a script that sends no Accept-Language), else Russian. */
  private async profileLanguage(request: FastifyRequest): Promise<Language> {
    const id = request.user?.user_id;
    if (id === undefined) return 'ru';
    const row = await request.server.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirst();
    return row?.language === 'en' ? 'en' : 'ru';
  }

  /**
   * Every matching row (no paging) as CSV or xlsx, read and written in batches: one set of columns
   * (lib/csv.ts) for both, with statuses and roles in the caller's language (Accept-Language, else
   * the profile's, else Russian: design §6).
   */
  private async exported(request: FastifyRequest, reply: FastifyReply, params: ListRequestQuery, format: 'csv' | 'xlsx') {
    const list = this.def.path.replace(/^\/|\/$/g, '');
    const language = askedLanguage(request.headers['accept-language']) ?? await this.profileLanguage(request);
    const columns = csvColumns(this.def.item, params.fields, this.def.csvTitles, { list, language });
    const { ordered } = await this.listed(request, params);
    const batches = async function* (handlers: AreaHandlers<DB, TB, R, Expanded, Item, Writable>) {
      for await (const rows of inBatches((offset, limit) => ordered.limit(limit).offset(offset).execute())) yield await handlers.items(rows as R[]);
    };
    const fileName = exportFileName(list, format);
    return format === 'csv'
      ? sendCsv(reply, fileName, columns, batches(this), language)
      : sendXlsx(reply, fileName, fileName.replace(/-\d{4}-\d{2}-\d{2}\.xlsx$/, ''), columns, batches(this), language);
  }

  /** GET `<path>{id}/`. */
  async read(request: FastifyRequest) {
    const row = await this.visibleRow(request, idOf(request));
    if (!this.def.opened || !request.user) return (await this.items([row]))[0];
    await this.def.opened(this.app.db, request.user, row);
    // Read again: what opening it changed (news: now read) is part of the item.
    return this.item(request, idOf(request));
  }

  /** GET `<path>{id}/download/`: the row's stored file. */
  async download(request: FastifyRequest, reply: FastifyReply) {
    const fileId = this.def.download!(await this.visibleRow(request, idOf(request)));
    if (fileId === null) throw notFound();
    const file = await this.app.db.selectFrom('stored_files').selectAll().where('id', '=', fileId).executeTakeFirst();
    if (!file) throw notFound();
    return sendStoredFile(reply, file);
  }

  /** POST `<path>` (or `createPath`): 201 with the new item. */
  async create(request: FastifyRequest, reply: FastifyReply) {
    const fileField = this.def.fileField ?? 'document';
    if (this.def.fileRequired && !request.upload) throw new ApiError(400, 'file_required', { [fileField]: ['file_required'] });
    const id = await this.write(request, false, (ctx) => this.def.create!(ctx));
    return reply.status(201).send(await this.item(request, id));
  }

  /** PUT `<path>{id}/`: the changed item. */
  async update(request: FastifyRequest) {
    const id = idOf(request);
    const current = await this.visibleRow(request, id);
    await this.write(request, false, async (ctx) => {
      await this.def.update!(ctx, current);
      return id;
    });
    return this.item(request, id);
  }

  /** DELETE `<path>{id}/`: 204. */
  async remove(request: FastifyRequest, reply: FastifyReply) {
    const id = idOf(request);
    const current = await this.visibleRow(request, id);
    const remove = this.def.remove!;
    await this.write(request, true, async (ctx) => {
      if (remove === 'row') await ctx.trx.deleteFrom(this.def.table).where(sql<SqlBool>`id = ${id}`).execute();
      else await remove(ctx, current);
      return id;
    });
    return reply.status(204).send();
  }

  /**
   * Runs a write in one transaction with the request's file stored first; a constraint the database
   * refuses becomes the API's answer (lib/db-errors.ts). Mail the write asked for goes once it has
   * committed; the mailer keeps a mail it cannot send in its outbox.
   */
  private async write(request: FastifyRequest, deleting: boolean, run: (ctx: WriteContext<WriteBody<Item, Writable>>) => Promise<number>): Promise<number> {
    const mails: Mail[] = [];
    let id: number;
    try {
      id = await this.app.db.transaction().execute(async (trx) => {
        const file = request.upload ? await storeFile(trx, request.upload) : null;
        // The body was validated against the route's schema, whose type this is.
        const body = request.body as WriteBody<Item, Writable>;
        return run({ trx, request, user: request.user!, scope: request.scope!, body, file, afterCommit: (mail) => mails.push(mail) });
      });
    } catch (err) {
      throw constraintError(err, deleting);
    }
    // In batches sent together (a newsletter's audience may be thousands): SMTP's round trips overlap,
    // a batch at a time so that one publish does not open thousands of connections at once.
    for (let start = 0; start < mails.length; start += MAIL_BATCH) {
      await Promise.all(mails.slice(start, start + MAIL_BATCH).map((mail) => this.app.mailer.send(mail).catch((err: unknown) => request.log.error({ err }, 'mail failed'))));
    }
    return id;
  }
}

/** Makes an area's routes, each guarded by its permission. */
export function registerArea<DB, TB extends keyof DB, R extends object, Expanded extends R, Item extends TObject, Writable extends TProperties>(
  app: FastifyInstance, def: AreaDefinition<DB, TB, R, Expanded, Item, Writable>, cache: ListCache,
): void {
  const handlers = new AreaHandlers(app, def, cache);
  const permission = (action: 'list' | 'read' | 'create' | 'update' | 'delete') => ({ permission: { area: def.area, action } });
  const itemPath = `${def.path}:id/`;
  const filters = def.filters ?? {};
  const querySchema = ListQuery({
    ...Object.fromEntries(Object.entries(filters).map(([name, f]) => [name, Type.Optional(f.schema)])),
    format: Type.Optional(Type.Enum(['json', 'csv', 'xlsx'], {
      type: 'string',
      description: '`csv`: every matching row (no paging) as a CSV file, UTF-8 with a BOM, `;`-separated, Russian column titles, decimal comma, '
        + 'dates `dd.mm.yyyy hh:mm` (Moscow), statuses and roles as words in the Accept-Language. `xlsx`: the same as an Excel workbook.',
    })),
    fields: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[a-z_0-9]+(,[a-z_0-9]+)*$', description: 'With `format=csv` or `xlsx`: the item fields to export, in this order (default: all).' })),
  });

  app.get(def.path, {
    config: permission('list'),
    schema: { querystring: querySchema, response: { 200: Page(def.item), ...errorResponses } },
  }, (request, reply) => handlers.list(request, reply));

  app.get(itemPath, {
    config: permission('read'),
    schema: { params: IdParams, response: { 200: def.item, ...errorResponses } },
  }, (request) => handlers.read(request));

  if (def.download) {
    app.get(`${itemPath}download/`, {
      config: permission('read'),
      schema: { params: IdParams },
    }, (request, reply) => handlers.download(request, reply));
  }

  if (def.remove) {
    app.delete(itemPath, {
      config: permission('delete'),
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
    }, (request, reply) => handlers.remove(request, reply));
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
    app.post(def.createPath ?? def.path, {
      config: permission('create'),
      schema: { body, response: { 201: def.item, ...errorResponses } },
      preValidation,
    }, (request, reply) => handlers.create(request, reply));
  }

  if (def.update) {
    app.put(itemPath, {
      config: permission('update'),
      schema: { params: IdParams, body, response: { 200: def.item, ...errorResponses } },
      preValidation,
    }, (request) => handlers.update(request));
  }
}
