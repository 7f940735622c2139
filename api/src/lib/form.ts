// Multipart form-data bodies (spec §7: orders, deletion requests, shipping and attachments): the
// text fields are read into the shape of the route's JSON body so that the same schema validates
// both; the file is held in memory only up to the upload limit (a larger one answers 413 as soon
// as the limit is crossed, before the rest of the body is read). A dealer's file carries the
// dealer's upload quota (lib/files.ts), which the store counts; a dealer whose uploads of the day
// are used up is refused (429) as its file begins, the file's bytes dropped, not kept.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import { ApiError } from './api-error';
import { checkUploadQuota, type Upload, type UploadQuota } from './files';

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The JSON types a schema allows (a union lists several). */
function typesOf(schema: TSchema | undefined): Set<string> {
  const types = new Set<string>();
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const { type, anyOf, oneOf } = s as { type?: unknown; anyOf?: unknown; oneOf?: unknown };
    if (typeof type === 'string') types.add(type);
    if (Array.isArray(type)) type.forEach((t) => types.add(String(t)));
    const alternatives = anyOf ?? oneOf;
    if (Array.isArray(alternatives)) alternatives.forEach(visit);
  };
  visit(schema);
  return types;
}

/** A form field's text as the value the schema expects; left as text when it is not one. */
function fieldValue(text: string, schema: TSchema | undefined): unknown {
  const types = typesOf(schema);
  if (types.has('null') && (text === '' || text === 'null')) return null;
  if (types.has('integer') && INTEGER.test(text)) return Number(text);
  if (types.has('number') && NUMBER.test(text)) return Number(text);
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.has('array') || types.has('object')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export interface Form {
  body: Record<string, unknown>;
  files: Record<string, Upload>;
}

/** The upload quota of the caller, when it is a dealer's user (staff are not counted). */
function quotaOf(request: FastifyRequest): UploadQuota | undefined {
  const user = request.user;
  if (!user || user.role !== 'dealer' || user.dealer === null) return undefined;
  const { filesPerDay, mbPerDay } = request.server.config.uploadQuota;
  return { dealer: user.dealer, filesPerDay, bytesPerDay: Math.floor(mbPerDay * 1024 * 1024) };
}

export async function readForm(request: FastifyRequest, schema: TObject, fileFields: string[], limitBytes: number): Promise<Form> {
  // A declared length far over the limit is refused before a byte of the body is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes + 1024 * 1024) throw new ApiError(413, 'payload_too_large');
  const quota = quotaOf(request);
  const body: Record<string, unknown> = Object.create(null);
  const files: Record<string, Upload> = Object.create(null);
  try {
    // One file more than the form takes is let through so that it is refused by name below.
    const parts = request.parts({ limits: { fileSize: limitBytes, files: fileFields.length + 1, fields: 100, fieldSize: 1024 * 1024, parts: 110 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
          await part.toBuffer().catch(() => undefined);
          throw new ApiError(400, 'invalid', { [part.fieldname]: ['field_unknown'] });
        }
        if (quota) {
          // A dealer past its quota sends no more bytes to keep: they are read and dropped.
          await checkUploadQuota(request.server.db, quota).catch(async (err: unknown) => {
            await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() })).catch(() => undefined);
            throw err;
          });
        }
        files[part.fieldname] = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer(), ...(quota ? { quota } : {}) };
      } else if (Object.hasOwn(body, part.fieldname)) {
        throw new ApiError(400, 'invalid', { [part.fieldname]: ['field_format'] });
      } else {
        // Own keys only: a field named `constructor` is unknown, not Object's constructor.
        const property = Object.hasOwn(schema.properties, part.fieldname) ? schema.properties[part.fieldname] : undefined;
        body[part.fieldname] = fieldValue(String(part.value), property);
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const { statusCode, code } = err as { statusCode?: number; code?: string };
    // Too many files is bad input, not a large body.
    if (code === 'FST_FILES_LIMIT') throw new ApiError(400, 'invalid');
    throw statusCode === 413 ? new ApiError(413, 'payload_too_large') : new ApiError(400, 'invalid_multipart');
  }
  // A plain object again, now that no field name can reach Object.prototype.
  return { body: { ...body }, files: { ...files } };
}
