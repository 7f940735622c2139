// Static files served from memory (issue 17 item 4): the built portal's files (plugins/portal-static.ts)
// and the remotes' release files (plugins/releases.ts). libuv's thread pool (4 threads) also runs the
// password hashes, ~275 ms each: a file read queued behind them (an async stat, open, read) waited
// seconds. Here a file is read once, synchronously (they are small: the largest built script is
// ~200 KB), and kept; each request checks it with a synchronous stat (microseconds, on the event
// loop, never the pool) so that a rebuilt portal or a pruned release counts at once, and sends the
// kept bytes. A file without a precompressed sibling (.br, .gz) that is worth compressing is
// compressed once, synchronously, and the result kept with it; these routes skip the on-the-fly
// compression (@fastify/compress streams larger answers through the pool). What is kept is bounded
// (`maxBytes`, least recently used out first); a file larger than `maxFileBytes` is streamed from disk.
//
// As @fastify/static did before: GET and HEAD under `prefix`, the path decoded with decodeURI,
// `allowedPath` asked, a `..` segment or a folder is not a file (the not-found handler answers, so
// a portal route gets the page), .br/.gz siblings by Accept-Encoding, weak ETags of size and mtime
// (so browsers' stored copies still revalidate), Last-Modified on request, 304 on a match.
import { createReadStream, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';

export type Encoding = 'br' | 'gzip';

export interface KeptFile {
  /** The bytes; undefined for a file too large to keep (it is streamed). */
  body: Buffer | undefined;
  size: number;
  mtimeMs: number;
  ino: number;
  etag: string;
  lastModified: string;
  /** Compressed once from `body` when the file has no precompressed sibling. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

const MiB = 1024 * 1024;

/** Files read once and kept while unchanged on disk; see the top of this file. */
export class FileCache {
  private readonly kept = new Map<string, KeptFile>();
  private total = 0;

  constructor(readonly maxBytes = 32 * MiB, readonly maxFileBytes = 2 * MiB) {}

  /** The file at `file` (an absolute path), kept or read now; undefined when it is not a file. */
  get(file: string): KeptFile | undefined {
    let info: Stats | undefined;
    try {
      info = statSync(file, { throwIfNoEntry: false });
    } catch {
      info = undefined; // ENOTDIR, ENAMETOOLONG, EACCES: not a file to serve
    }
    const kept = this.kept.get(file);
    if (!info?.isFile()) {
      if (kept) this.drop(file, kept);
      return undefined;
    }
    if (kept && kept.size === info.size && kept.mtimeMs === info.mtimeMs && kept.ino === info.ino) {
      // Most recently used last: the first in the map is the first out.
      this.kept.delete(file);
      this.kept.set(file, kept);
      return kept;
    }
    if (kept) this.drop(file, kept);
    const meta = {
      size: info.size,
      mtimeMs: info.mtimeMs,
      ino: info.ino,
      // @fastify/send's validators, so that a browser's stored copy revalidates across the change.
      etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
      lastModified: info.mtime.toUTCString(),
      compressed: {},
    };
    if (info.size > this.maxFileBytes) return { ...meta, body: undefined };
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return undefined; // removed between the stat and the read
    }
    const entry: KeptFile = { ...meta, size: body.length, body };
    this.keep(file, entry, body.length);
    return entry;
  }

  /** The file's bytes compressed with `encoding`, made once and kept with it. */
  compressed(file: string, entry: KeptFile, encoding: Encoding): Buffer {
    const made = entry.compressed[encoding];
    if (made) return made;
    const body = entry.body!;
    const bytes = encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: 9 });
    entry.compressed[encoding] = bytes;
    if (this.kept.get(file) === entry) {
      this.total += bytes.length;
      this.trim();
    }
    return bytes;
  }

  /** Bytes kept now (bodies and their compressed forms). */
  get size(): number {
    return this.total;
  }

  private keep(file: string, entry: KeptFile, bytes: number): void {
    if (bytes > this.maxBytes) return;
    this.kept.set(file, entry);
    this.total += bytes;
    this.trim();
  }

  private trim(): void {
    for (const [file, entry] of this.kept) {
      if (this.total <= this.maxBytes) break;
      this.drop(file, entry);
    }
  }

  private drop(file: string, entry: KeptFile): void {
    this.kept.delete(file);
    this.total -= (entry.body?.length ?? 0) + Object.values(entry.compressed).reduce((sum, b) => sum + b.length, 0);
  }
}

/** The encodings the client takes, best first (q-values; `*` counts as gzip; br before gzip on a tie). */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return [];
  const weights = new Map<Encoding, number>();
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const encoding = name === '*' ? 'gzip' : name;
    if ((encoding === 'br' || encoding === 'gzip') && Number.isFinite(weight) && !(weights.get(encoding)! >= weight)) weights.set(encoding, weight);
  }
  return (['br', 'gzip'] as const).filter((e) => (weights.get(e) ?? 0) > 0)
    .sort((a, b) => weights.get(b)! - weights.get(a)!);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html', '.js': 'application/javascript', '.mjs': 'application/javascript', '.cjs': 'application/javascript',
  '.css': 'text/css', '.json': 'application/json', '.map': 'application/json', '.txt': 'text/plain', '.md': 'text/markdown',
  '.xml': 'text/xml', '.csv': 'text/csv', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif', '.ico': 'image/vnd.microsoft.icon',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf', '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** The Content-Type @fastify/send gave: UTF-8 named for text, scripts and JSON. */
export function contentTypeOf(file: string): string {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return /^(text\/|application\/javascript$|application\/json$)/.test(type) ? `${type}; charset=utf-8` : type;
}

/** Worth compressing on the way: text, scripts, JSON and SVG of 1 KB or more (what @fastify/compress would have done). */
const compressible = (type: string, size: number) => size >= 1024 && /^(text\/|application\/(javascript|json)|image\/svg\+xml)/.test(type);

/** The request's validators match: the browser's copy is current (an If-None-Match rules over If-Modified-Since). */
function fresh(request: FastifyRequest, entry: KeptFile, lastModified: boolean): boolean {
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(String(request.headers['cache-control'] ?? ''))) return false;
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch) {
    if (noneMatch.trim() === '*') return true;
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return noneMatch.split(',').some((tag) => bare(tag) === bare(entry.etag));
  }
  const since = request.headers['if-modified-since'];
  if (!lastModified || !since) return false;
  const time = Date.parse(since);
  return Number.isFinite(time) && Math.floor(entry.mtimeMs / 1000) * 1000 <= time;
}

export interface MemoryStaticOptions {
  root: string;
  /** `/` or `/remotes/`: the routes are `<prefix>*`. */
  prefix: string;
  cache: FileCache;
  /** Asked with the decoded path under the prefix (leading `/`); false: not found. */
  allowedPath(pathname: string): boolean;
  /** Headers for the file (its path without a .br/.gz ending): Cache-Control and Vary. */
  headers(file: string): Record<string, string>;
  lastModified: boolean;
}

/** GET and HEAD `<prefix>*` from `root`, through `cache`. */
export function serveFromMemory(app: FastifyInstance, options: MemoryStaticOptions): void {
  const root = path.resolve(options.root);
  const { cache } = options;

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw.url ?? request.url;
    const end = raw.indexOf('?');
    let pathname: string;
    try {
      pathname = decodeURI(raw.slice(options.prefix.length - 1, end === -1 ? raw.length : end));
    } catch {
      return reply.callNotFound();
    }
    if (!pathname.startsWith('/')) pathname = `/${pathname}`;
    if (pathname.includes('\0')) throw new ApiError(400, 'invalid');
    if (pathname.endsWith('/') || pathname.split('/').includes('..') || !options.allowedPath(pathname)) return reply.callNotFound();
    const file = path.join(root, pathname);
    if (!file.startsWith(`${root}${path.sep}`)) return reply.callNotFound();

    const type = contentTypeOf(file);
    const encodings = acceptedEncodings(request.headers['accept-encoding']);
    // A precompressed sibling first (the build writes .br and .gz beside every hashed file).
    let entry: KeptFile | undefined;
    let encoding: Encoding | undefined;
    for (const candidate of encodings) {
      entry = cache.get(`${file}${candidate === 'br' ? '.br' : '.gz'}`);
      if (entry) {
        encoding = candidate;
        break;
      }
    }
    entry ??= cache.get(file);
    if (!entry) return reply.callNotFound();

    reply.headers(options.headers(file));
    reply.header('etag', entry.etag);
    if (options.lastModified) reply.header('last-modified', entry.lastModified);
    if (fresh(request, entry, options.lastModified)) return reply.code(304).send();

    reply.header('content-type', type);
    if (!entry.body) {
      if (encoding) reply.header('content-encoding', encoding);
      reply.header('content-length', entry.size);
      return reply.send(createReadStream(encoding ? `${file}${encoding === 'br' ? '.br' : '.gz'}` : file));
    }
    let body = entry.body;
    if (!encoding && encodings.length && compressible(type, body.length)) {
      encoding = encodings[0];
      body = cache.compressed(file, entry, encoding);
    }
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: `${options.prefix}*`,
    schema: { hide: true },
    // Compressed here, from memory: never streamed through the thread pool on the way out.
    compress: false,
    handler,
  });
}
