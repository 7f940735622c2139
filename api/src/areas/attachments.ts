// Attachments (design §4-5): documents for every dealer (dealer null) or for one dealer. A dealer
// sees those for all dealers, for its own dealer and those it uploaded itself, and may upload
// (multipart, the file in the field `file`), always for its own dealer; staff manage all of them.
// The bytes live in `stored_files`, written in the same transaction as the attachment.
import { Type } from 'typebox';
import { nowIso, toIso } from '../db/dialect';
import type { AreaDefinition } from '../lib/area';
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

export const attachments: AreaDefinition = {
  area: 'attachments',
  path: '/attachments/',
  table: 'attachments',
  item: AttachmentSchema,
  select: (db) => db.selectFrom('attachments').innerJoin('stored_files', 'stored_files.id', 'attachments.file_id')
    .selectAll('attachments').select(['stored_files.content_type', 'stored_files.size', 'stored_files.sha256']),
  own: (query, user) => query.where((eb: any) => eb.or([
    eb('attachments.dealer_id', 'is', null),
    eb('attachments.dealer_id', '=', user.dealer ?? -1),
    eb('attachments.uploaded_by', '=', user.user_id),
  ])),
  filters: {
    dealer: { schema: RowId, column: 'attachments.dealer_id' },
    content_type: { schema: Type.String({ maxLength: 100 }), column: 'stored_files.content_type' },
  },
  orderable: { id: 'attachments.id', name: 'attachments.name', created_at: 'attachments.created_at', size: 'stored_files.size' },
  defaultOrdering: '-created_at',
  searchable: ['attachments.name', 'attachments.description'],
  toItem: (row) => ({
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
  async create({ trx, body, user, scope, file, request }) {
    const row = await trx.insertInto('attachments').values({
      file_id: file!,
      name: cleanFileName(body.name?.trim() || request.upload!.filename),
      description: body.description ?? '',
      // A dealer's upload is for its own dealer, whatever it asked.
      dealer_id: scope === 'own' ? user.dealer : body.dealer ?? null,
      uploaded_by: user.user_id,
      created_at: nowIso(),
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update({ trx, body, file }, current) {
    await trx.updateTable('attachments').set({
      ...(file ? { file_id: file } : {}),
      name: body.name?.trim() ? cleanFileName(body.name) : current.name,
      description: body.description ?? current.description,
      dealer_id: body.dealer === undefined ? current.dealer_id : body.dealer,
    }).where('id', '=', current.id).execute();
    if (file) await trx.deleteFrom('stored_files').where('id', '=', current.file_id).execute();
  },
  async remove({ trx }, current) {
    await trx.deleteFrom('attachments').where('id', '=', current.id).execute();
    await trx.deleteFrom('stored_files').where('id', '=', current.file_id).execute();
  },
  download: (row) => row.file_id,
};
