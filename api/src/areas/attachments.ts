// Attachments (design §4-5, the portal's «Документы»): documents for every dealer (dealer null) or
// for one dealer. A dealer sees those for all dealers, for its own dealer and those it uploaded
// itself, and may upload (multipart, the file in the field `file`), always for its own dealer
// (naming another one is 404), within its upload quota (lib/files.ts); it does not edit, and
// deletes only its own uploads (its dealer's users'; any other is 404) while nothing refers to
// them (a news item, an order, a claim or a comment linking to the file: 409). Staff manage all.
// Lists filter by `dealer`, `for_all` (files for all dealers or not), `uploaded_by`,
// `content_type` and `created_after/before`, and search names and descriptions.
// The bytes live in `stored_files`, written in the same transaction as the attachment.
import type { Kysely, Transaction } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import { ApiError, notFound } from '../lib/api-error';
import { createdBetween, defineArea, type WriteContext } from '../lib/area';
import { cleanFileName } from '../lib/files';
import { Nullable, RowId, Timestamp } from '../schemas/common';

export const AttachmentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  /** Null: for every dealer. */
  dealer: Nullable(Type.Integer()),
  uploaded_by: Nullable(Type.Integer()),
  created_at: Timestamp,
  url: Type.String(),
});

const DealerId = Nullable(RowId);

/**
 * The dealer a write leaves the file for. A dealer's upload is always its own dealer's (named or
 * not); naming another dealer is asking for what it may not see (404). Staff name any existing
 * dealer, or none: for all dealers.
 */
async function dealerOf(ctx: WriteContext, named: number | null | undefined): Promise<number | null> {
  if (ctx.scope === 'own') {
    if (ctx.user.dealer === null || (named != null && named !== ctx.user.dealer)) throw notFound();
    return ctx.user.dealer;
  }
  if (named == null) return null;
  const dealer = await ctx.trx.selectFrom('dealers').select('id').where('id', '=', named).executeTakeFirst();
  if (!dealer) throw new ApiError(400, 'invalid', { dealer: ['field_choice'] });
  return dealer.id;
}

/**
 * Whether anything refers to the attachment: a text written in the portal that links its address
 * (`/api/attachments/{id}/`, its download too): a news item, an order's comment, a claim or a
 * claim's comment, the agreement or another setting. The trailing slash keeps 12 from matching 123.
 */
async function isReferred(trx: Transaction<Database>, id: number): Promise<boolean> {
  const link = `%/api/attachments/${id}/%`;
  const found = await trx.selectNoFrom((eb) => eb.or([
    eb.exists(eb.selectFrom('newsletters').select('id').where('body', 'like', link)),
    eb.exists(eb.selectFrom('orders').select('id').where('comment', 'like', link)),
    eb.exists(eb.selectFrom('claims').select('id').where((inner) => inner.or([inner('description', 'like', link), inner('resolution', 'like', link)]))),
    eb.exists(eb.selectFrom('claim_comments').select('id').where('body', 'like', link)),
    eb.exists(eb.selectFrom('variables').select('id').where('value', 'like', link)),
  ]).as('referred')).executeTakeFirstOrThrow();
  return Boolean(found.referred);
}

export const attachments = defineArea({
  area: 'attachments',
  path: '/attachments/',
  table: 'attachments',
  item: AttachmentSchema,
  select: (db: Kysely<Database>) => db.selectFrom('attachments').innerJoin('stored_files', 'stored_files.id', 'attachments.file_id')
    .selectAll('attachments').select(['stored_files.content_type', 'stored_files.size', 'stored_files.sha256']),
  own: (query, user) => query.where((eb) => eb.or([
    eb('attachments.dealer_id', 'is', null),
    eb('attachments.dealer_id', '=', user.dealer ?? -1),
    eb('attachments.uploaded_by', '=', user.user_id),
  ])),
  filters: {
    dealer: { schema: Type.Integer({ ...RowId, description: 'Files for this dealer (not those for all dealers).' }), column: 'attachments.dealer_id' },
    for_all: { schema: Type.Boolean({ description: 'true: only files for all dealers (no dealer); false: only files for one dealer.' }), column: 'attachments.dealer_id', op: 'null' },
    uploaded_by: { schema: Type.Integer({ ...RowId, description: 'Files this user uploaded.' }), column: 'attachments.uploaded_by' },
    content_type: { schema: Type.String({ maxLength: 100, description: 'e.g. application/pdf' }), column: 'stored_files.content_type' },
    ...createdBetween('attachments.created_at'),
  },
  orderable: { id: 'attachments.id', name: 'attachments.name', created_at: 'attachments.created_at', size: 'stored_files.size' },
  defaultOrdering: '-created_at',
  searchable: ['attachments.name', 'attachments.description'],
  csvTitles: { name: 'Имя файла', dealer: 'Для дилера (ID; пусто: для всех)' },
  toItem: (row): Static<typeof AttachmentSchema> => ({
    id: row.id, name: row.name, description: row.description, content_type: row.content_type, size: Number(row.size), sha256: row.sha256,
    dealer: row.dealer_id, uploaded_by: row.uploaded_by, created_at: toIso(row.created_at), url: `/api/attachments/${row.id}/download/`,
  }),
  body: {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    dealer: Type.Optional(DealerId),
  },
  form: true,
  fileField: 'file',
  fileRequired: true,
  async create(ctx) {
    const { trx, body, user, file, request } = ctx;
    const row = await trx.insertInto('attachments').values({
      file_id: file!,
      name: cleanFileName(body.name?.trim() || request.upload!.filename),
      description: body.description ?? '',
      dealer_id: await dealerOf(ctx, body.dealer),
      uploaded_by: user.user_id,
      created_at: nowIso(),
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update(ctx, current) {
    const { trx, body, file } = ctx;
    await trx.updateTable('attachments').set({
      ...(file ? { file_id: file } : {}),
      name: body.name?.trim() ? cleanFileName(body.name) : current.name,
      description: body.description ?? current.description,
      dealer_id: body.dealer === undefined ? current.dealer_id : await dealerOf(ctx, body.dealer),
    }).where('id', '=', current.id).execute();
    if (file) await trx.deleteFrom('stored_files').where('id', '=', current.file_id).execute();
  },
  async remove({ trx, scope, user }, current) {
    if (scope === 'own') {
      const uploader = current.uploaded_by === null ? undefined
        : await trx.selectFrom('users').select('dealer_id').where('id', '=', current.uploaded_by).executeTakeFirst();
      if (current.uploaded_by !== user.user_id && (uploader?.dealer_id ?? null) !== user.dealer) throw notFound();
      if (await isReferred(trx, current.id)) throw new ApiError(409, 'attachment_in_use');
    }
    await trx.deleteFrom('attachments').where('id', '=', current.id).execute();
    await trx.deleteFrom('stored_files').where('id', '=', current.file_id).execute();
  },
  download: (row) => row.file_id,
});
