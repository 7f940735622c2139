// A release upload is a gzip tar of the built folder (design §3 "Releases"). It comes from outside,
// so it is read entry by entry and refused before anything leaves the folder it is unpacked into:
// only regular files and folders, no absolute path, no `..`, no links or devices; and within a
// number of files, a size per file (RELEASE_FILE_LIMIT_MB) and a size of the whole release
// (RELEASE_LIMIT_MB), both unpacked, counted from each entry's header before its bytes are read:
// a small archive may expand to gigabytes.
//
// Nothing of it waits on the event loop (issue 30 item 3): the upload streams from the request
// through Node's gunzip (on the thread pool, in small chunks) into the tar parser and each file to
// disk as it comes, hashed on the way, with back-pressure all along; the server holds a few chunks
// of it at a time, never the archive or a file.
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import type { Language } from '../messages';

export interface ArchiveLimits {
  maxFiles: number;
  /** The largest file, unpacked. */
  maxFileBytes: number;
  /** The whole release, unpacked. */
  maxBytes: number;
  /** The upload itself (the gzip), when it is streamed in: beyond it, `too_large`. */
  maxUploadBytes?: number;
}

/** What is wrong with an upload, in both languages: the API words its answer in the caller's. */
export type ArchiveReason = Record<Language, string>;

export class ArchiveError extends Error {
  constructor(readonly kind: 'bad_archive' | 'too_large', readonly reason: ArchiveReason) {
    super(reason.en);
    this.name = 'ArchiveError';
  }
}

/** A file the archive held, as written: its path inside the folder, its size and its sha256 (hex). */
export interface UnpackedFile {
  path: string;
  size: number;
  sha256: string;
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.floor(bytes / MB)} MB`;

/** The entry's path inside the folder (`./` prefixes dropped), '' for the folder itself; throws on anything that could leave it. */
export function safeEntryPath(raw: string): string {
  if (raw.includes('\0') || raw.includes('\\')) throw new ArchiveError('bad_archive', { en: `the entry "${raw}" has a character a path may not hold`, ru: `в записи «${raw}» есть знак, недопустимый в пути` });
  if (raw.startsWith('/') || /^[a-zA-Z]:/.test(raw)) throw new ArchiveError('bad_archive', { en: `the entry "${raw}" is an absolute path: put the folder's contents at the archive's root`, ru: `запись «${raw}» — абсолютный путь: положите содержимое папки в корень архива` });
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new ArchiveError('bad_archive', { en: `the entry "${raw}" goes up out of the folder ("..")`, ru: `запись «${raw}» выходит из папки («..»)` });
  return parts.join('/');
}

/** Passes the upload on, refusing what is not gzip (its first two bytes) and what is longer than `limit`. */
class UploadGuard extends Transform {
  private seen = 0;
  private head = Buffer.alloc(0);

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) return done(new ArchiveError('too_large', { en: `the upload is over ${megabytes(this.limit)}`, ru: `загрузка больше ${megabytes(this.limit)}` }));
    if (this.head.length < 2) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, 2 - this.head.length)]);
      if (this.head.length >= 1 && this.head[0] !== 0x1f) return done(notGzip());
      if (this.head.length === 2 && this.head[1] !== 0x8b) return done(notGzip());
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.head.length < 2 ? notGzip() : null);
  }
}

const notGzip = () => new ArchiveError('bad_archive', { en: 'the upload is not a gzip file: send the built folder as a .tar.gz', ru: 'загрузка — не файл gzip: отправьте собранную папку как .tar.gz' });

/**
 * Unpacks `source` (a gzip tar: the request's stream, or its bytes) into `folder`, files owner-only;
 * resolves with the files written, or rejects with an ArchiveError when it must be refused (the
 * folder then holds whatever was written before: the caller removes it).
 */
export async function extractRelease(source: Readable | Buffer, folder: string, limits: ArchiveLimits): Promise<UnpackedFile[]> {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  const guard = new UploadGuard(limits.maxUploadBytes ?? Number.POSITIVE_INFINITY);
  const gunzip = createGunzip();
  // The gunzipped tar: the parser must not look for a compression of its own.
  const parser = new Parser({ strict: true, brotli: false, zstd: false } as ConstructorParameters<typeof Parser>[0]);
  const unpacked: UnpackedFile[] = [];
  const writes: Promise<void>[] = [];
  /** The files being written now: closed at once when the upload is refused. */
  const open = new Set<WriteStream>();
  let files = 0;
  let expanded = 0;
  let entries = 0;

  return new Promise<UnpackedFile[]>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error instanceof ArchiveError ? error : new ArchiveError('bad_archive', { en: `the archive cannot be read: ${error instanceof Error ? error.message : String(error)}`, ru: 'архив не читается: он повреждён или обрезан' }));
      parser.abort(error instanceof Error ? error : new Error(String(error)));
      input.unpipe(guard);
      guard.unpipe(gunzip);
      gunzip.destroy();
      for (const out of open) out.destroy();
      // The rest of the request is read and dropped, so that the answer reaches the client.
      input.resume();
    };

    /** Writes one file's bytes as they come, hashing them; the parser waits while the disk does. */
    const writeFile = (entry: ReadEntry, inner: string) => {
      const target = path.join(folder, inner);
      try {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      } catch {
        throw new ArchiveError('bad_archive', { en: `the entry "${entry.path}" cannot be written: its path is not a file`, ru: `запись «${entry.path}» не записать: её путь — не файл` });
      }
      const out = createWriteStream(target, { mode: 0o600, flags: 'wx' });
      open.add(out);
      const hash = createHash('sha256');
      const size = entry.size ?? 0;
      let received = 0;
      writes.push(new Promise<void>((done) => {
        out.on('close', () => {
          open.delete(out);
          done();
        });
        out.on('error', (error: NodeJS.ErrnoException) => {
          fail(new ArchiveError('bad_archive', { en: `the entry "${entry.path}" cannot be written: ${error.code === 'EEXIST' ? 'it appears twice' : 'its path is not a file'}`, ru: `запись «${entry.path}» не записать: ${error.code === 'EEXIST' ? 'она встречается дважды' : 'её путь — не файл'}` }));
          done();
        });
      }));
      entry.on('data', (chunk: Buffer) => {
        if (failed) return;
        // The header's size is what the parser reads; more would be a broken archive, never a bigger file.
        const part = chunk.subarray(0, Math.max(0, size - received));
        received += chunk.length;
        hash.update(part);
        if (!out.write(part)) {
          entry.pause();
          out.once('drain', () => entry.resume());
        }
      });
      entry.on('end', () => {
        out.end();
        if (!failed) unpacked.push({ path: inner, size, sha256: hash.digest('hex') });
      });
    };

    parser.on('entry', (entry: ReadEntry) => {
      if (failed) return entry.resume();
      try {
        entries += 1;
        const inner = safeEntryPath(entry.path);
        if (entry.type === 'Directory') {
          if (inner) mkdirSync(path.join(folder, inner), { recursive: true, mode: 0o700 });
          return entry.resume();
        }
        if (!FILE_TYPES.has(entry.type)) throw new ArchiveError('bad_archive', { en: `the entry "${entry.path}" is a ${entry.type}: only files and folders are taken`, ru: `запись «${entry.path}» — ${entry.type}: принимаются только файлы и папки` });
        if (!inner) throw new ArchiveError('bad_archive', { en: `the entry "${entry.path}" has no file name`, ru: `у записи «${entry.path}» нет имени файла` });
        const size = entry.size ?? 0;
        files += 1;
        expanded += size;
        if (files > limits.maxFiles) throw new ArchiveError('too_large', { en: `the archive holds more than ${limits.maxFiles} files`, ru: `в архиве больше ${limits.maxFiles} файлов` });
        if (size > limits.maxFileBytes) throw new ArchiveError('too_large', { en: `"${inner}" is ${megabytes(size)} unpacked, over the ${megabytes(limits.maxFileBytes)} a file may be`, ru: `«${inner}» занимает ${megabytes(size)} распакованным, а файлу можно не больше ${megabytes(limits.maxFileBytes)}` });
        if (expanded > limits.maxBytes) throw new ArchiveError('too_large', { en: `the archive expands to more than ${megabytes(limits.maxBytes)}`, ru: `архив распаковывается больше чем в ${megabytes(limits.maxBytes)}` });
        writeFile(entry, inner);
      } catch (error) {
        entry.resume();
        fail(error);
      }
    });
    parser.on('error', fail);
    parser.on('abort', fail);
    parser.on('warn', (_code: string, message: string) => fail(new ArchiveError('bad_archive', { en: `the archive cannot be read: ${message}`, ru: 'архив не читается: он повреждён или обрезан' })));
    parser.on('end', () => {
      if (failed) return;
      if (entries === 0) return fail(new ArchiveError('bad_archive', { en: 'the archive is empty', ru: 'архив пуст' }));
      Promise.all(writes).then(() => {
        if (!failed) resolve(unpacked.sort((a, b) => a.path.localeCompare(b.path)));
      }, fail);
    });

    // The gunzipped bytes go to the parser as fast as it and the files take them.
    gunzip.on('data', (chunk: Buffer) => {
      if (!parser.write(chunk)) {
        gunzip.pause();
        parser.once('drain', () => gunzip.resume());
      }
    });
    gunzip.on('end', () => {
      if (!failed) parser.end();
    });
    gunzip.on('error', (error) => fail(new ArchiveError('bad_archive', { en: `the archive cannot be read: ${error.message}`, ru: 'архив не читается: он повреждён или обрезан' })));
    guard.on('error', fail);
    input.on('error', fail);
    input.pipe(guard).pipe(gunzip);
  });
}
