// The optional document of an order, a deletion request or a shipping (design §5): one file in
// `stored_files`, written in the same transaction as its row, replaced or removed by a later write.
import type { Transaction } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import { Nullable } from '../schemas/common';

/** An uploaded document as the item shows it; its bytes at `url`. */
export const DocumentSchema = Nullable(Type.Object({
  name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  url: Type.String(),
}));

/** The columns of the row's document, for `select` (left join `stored_files as document`). */
export const documentColumns = ['document.name as document_name', 'document.content_type as document_content_type', 'document.size as document_size', 'document.sha256 as document_sha256'] as const;

/** A row with its document's columns, as `documentColumns` (or subqueries of the same names) select them. */
export interface DocumentColumns {
  document_id: number | null;
  document_name: string | null;
  document_content_type: string | null;
  document_size: number | string | null;
  document_sha256: string | null;
}

export const documentOf = (row: DocumentColumns, url: string): Static<typeof DocumentSchema> => (row.document_id == null ? null : {
  name: row.document_name ?? '', content_type: row.document_content_type ?? '', size: Number(row.document_size), sha256: row.document_sha256 ?? '', url,
});

/**
 * The document a write leaves on its row: an uploaded file replaces it, `document: null` (or an
 * empty or "null" form field) removes it, anything else (the item's document sent back) keeps it.
 */
export function nextDocument(body: { document?: unknown }, file: number | null, current: number | null): number | null {
  if (file !== null) return file;
  if (body.document === null || body.document === '' || body.document === 'null') return null;
  return current;
}

/** Deletes a replaced or removed document, after the row stopped pointing at it. */
export async function dropDocument(trx: Transaction<Database>, previous: number | null, next: number | null): Promise<void> {
  if (previous !== null && previous !== next) await trx.deleteFrom('stored_files').where('id', '=', previous).execute();
}
