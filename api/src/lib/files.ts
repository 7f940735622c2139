// Uploaded files (design §5, §11): the content type is decided from the bytes, not the client's
// word; the name is cleaned and only ever sent back inside Content-Disposition; the bytes, their
// size and SHA-256 go into `stored_files` in the caller's transaction, so no file is ever orphaned.
// A stored file goes back as an attachment, never cached, with its size and SHA-256 (sendStoredFile).
// A dealer's uploads count against its quota of files and bytes a UTC day (chargeUpload), in the
// same transaction: past it, 429 with Retry-After (the next UTC midnight) and nothing is stored.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import { nowIso } from '../db/dialect';
import type { StoredFilesTable } from '../db/tables/stored-files';
import { ApiError } from './api-error';
import { singleLine } from './text';

export interface Upload {
  /** The form field the file came in. */
  field: string;
  filename: string;
  /** What the client declared. */
  mimetype: string;
  data: Buffer;
  /** Set for a dealer's upload (lib/form.ts): the quota it counts against. */
  quota?: UploadQuota;
}

/** A dealer's quota of uploads a UTC day. */
export interface UploadQuota {
  dealer: number;
  filesPerDay: number;
  bytesPerDay: number;
}

/** 429: the dealer's uploads of the day are used up; `retryAfterSeconds` goes out as Retry-After (plugins/security-headers.ts). */
export class UploadQuotaExceeded extends ApiError {
  constructor(quota: UploadQuota, now: Date, readonly retryAfterSeconds = secondsToNextDay(now)) {
    super(429, 'upload_quota', undefined, {
      files: String(quota.filesPerDay),
      megabytes: String(Math.round((quota.bytesPerDay / (1024 * 1024)) * 10) / 10),
      reset: `${nextDay(now).toISOString().slice(0, 10)} 00:00`,
    });
  }
}

const today = (now: Date) => now.toISOString().slice(0, 10);
const nextDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
const secondsToNextDay = (now: Date) => Math.max(1, Math.ceil((nextDay(now).getTime() - now.getTime()) / 1000));

/** What the dealer uploaded today, as stands (a check before a body is read: a dealer past its quota sends nothing more). */
export async function uploadedToday(db: Kysely<Database>, dealer: number, now = new Date()): Promise<{ files: number; bytes: number }> {
  const { rows } = await sql<{ files: number; bytes: number | string }>`select files, bytes from upload_usage where dealer_id = ${dealer} and day = ${today(now)}`.execute(db);
  return { files: Number(rows[0]?.files ?? 0), bytes: Number(rows[0]?.bytes ?? 0) };
}

/** Refuses (429) when the dealer has used up its uploads of today. */
export async function checkUploadQuota(db: Kysely<Database>, quota: UploadQuota, now = new Date()): Promise<void> {
  const used = await uploadedToday(db, quota.dealer, now);
  if (used.files >= quota.filesPerDay || used.bytes >= quota.bytesPerDay) throw new UploadQuotaExceeded(quota, now);
}

/**
 * Counts one upload of `size` bytes against the dealer's quota of today, in the caller's
 * transaction: one upsert, which both databases serialise per dealer and day, so uploads at once
 * never pass the quota together. Past it, 429 (the caller's transaction rolls the count back).
 */
export async function chargeUpload(trx: Transaction<Database> | Kysely<Database>, quota: UploadQuota, size: number, now = new Date()): Promise<void> {
  const day = today(now);
  const { rows } = await sql<{ files: number; bytes: number | string }>`
    insert into upload_usage (dealer_id, day, files, bytes) values (${quota.dealer}, ${day}, 1, ${size})
    on conflict (dealer_id, day) do update set files = upload_usage.files + 1, bytes = upload_usage.bytes + excluded.bytes
    returning files, bytes`.execute(trx);
  if (Number(rows[0].files) > quota.filesPerDay || Number(rows[0].bytes) > quota.bytesPerDay) throw new UploadQuotaExceeded(quota, now);
  // Earlier days are never read again.
  await sql`delete from upload_usage where dealer_id = ${quota.dealer} and day < ${day}`.execute(trx);
}

interface Kind {
  type: string;
  /** Declared types this content may carry (OOXML documents are zip files, for instance). */
  declared: string[];
  test: (data: Buffer) => boolean;
}

const startsWith = (data: Buffer, ...bytes: number[]) => bytes.every((b, i) => data[i] === b);
const ascii = (data: Buffer, at: number, text: string) => data.subarray(at, at + text.length).toString('latin1') === text;

const OOXML = ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'];
const OLE = ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'];

function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The file kinds the portal accepts: documents, images, archives, plain text and CSV. */
const kinds: Kind[] = [
  { type: 'application/pdf', declared: ['application/pdf'], test: (d) => ascii(d, 0, '%PDF-') },
  { type: 'image/png', declared: ['image/png'], test: (d) => startsWith(d, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  { type: 'image/jpeg', declared: ['image/jpeg', 'image/jpg', 'image/pjpeg'], test: (d) => startsWith(d, 0xff, 0xd8, 0xff) },
  { type: 'image/gif', declared: ['image/gif'], test: (d) => ascii(d, 0, 'GIF87a') || ascii(d, 0, 'GIF89a') },
  { type: 'image/webp', declared: ['image/webp'], test: (d) => ascii(d, 0, 'RIFF') && ascii(d, 8, 'WEBP') },
  { type: 'application/zip', declared: ['application/zip', 'application/x-zip-compressed', ...OOXML], test: (d) => startsWith(d, 0x50, 0x4b, 0x03, 0x04) || startsWith(d, 0x50, 0x4b, 0x05, 0x06) },
  { type: 'application/x-ole-storage', declared: OLE, test: (d) => startsWith(d, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1) },
  { type: 'text/plain', declared: ['text/plain', 'text/csv', 'application/csv', 'text/markdown'], test: isText },
];

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/**
 * The content type to store: the declared one when the bytes agree with it, the detected one when
 * the client declared nothing specific. A file whose bytes are none of the accepted kinds, or
 * contradict the declared type, is refused.
 */
export function contentTypeOf(upload: Pick<Upload, 'mimetype' | 'data' | 'field'>): string {
  const declared = upload.mimetype.split(';')[0].trim().toLowerCase();
  const kind = upload.data.length ? kinds.find((k) => k.test(upload.data)) : undefined;
  if (!kind) throw new ApiError(400, 'file_type_not_allowed', { [upload.field]: ['file_type_not_allowed'] });
  if (GENERIC.has(declared)) return kind.type === 'application/x-ole-storage' ? 'application/octet-stream' : kind.type;
  if (!kind.declared.includes(declared)) throw new ApiError(400, 'file_type_mismatch', { [upload.field]: ['file_type_mismatch'] });
  return declared;
}

/** A file name safe to keep and to send back: no path, no quotes, none of what lib/text.ts takes out of a single line (direction controls, zero-width and control characters). */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = singleLine(base).replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/^[.\s]+/, '').trim().slice(-200);
  return cleaned || 'file';
}

/** Content-Disposition for a download: always an attachment, the name in ASCII and in UTF-8. */
export function contentDisposition(stored: string): string {
  // Names stored before they were cleaned as they are now lose what is unseen on the way out too.
  const name = singleLine(stored);
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Writes the upload into `stored_files` inside the caller's transaction; answers its id. */
export async function storeFile(trx: Transaction<Database> | Kysely<Database>, upload: Upload): Promise<number> {
  const contentType = contentTypeOf(upload);
  if (upload.quota) await chargeUpload(trx, upload.quota, upload.data.length);
  const row = await trx.insertInto('stored_files').values({
    name: cleanFileName(upload.filename),
    content_type: contentType,
    size: upload.data.length,
    sha256: createHash('sha256').update(upload.data).digest('hex'),
    data: upload.data,
    created_at: nowIso(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Sends a stored file as a download: its type, its name (Content-Disposition), size and SHA-256, never cached. */
export function sendStoredFile(reply: FastifyReply, file: Pick<Selectable<StoredFilesTable>, 'name' | 'content_type' | 'size' | 'sha256' | 'data'>): FastifyReply {
  return reply
    .header('content-type', file.content_type)
    .header('content-disposition', contentDisposition(file.name))
    .header('content-length', file.size)
    .header('x-content-sha256', file.sha256)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.data));
}
