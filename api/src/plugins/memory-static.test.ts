import fs, { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { acceptedEncodings, contentTypeOf, FileCache, serveFromMemory } from './memory-static';

describe('files kept in memory', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'memory-static-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  test('what is kept stays within its bound, the least recently used out first; a large file is never kept', () => {
    const cache = new FileCache(100, 60);
    const file = (name: string, bytes: number) => {
      writeFileSync(path.join(dir, name), 'x'.repeat(bytes));
      return path.join(dir, name);
    };
    const [a, b, c, big] = [file('a.js', 40), file('b.js', 40), file('c.js', 40), file('big.js', 61)];
    const reads = jest.spyOn(fs, 'readFileSync');
    try {
      cache.get(a);
      cache.get(b);
      cache.get(a); // a is now the most recent
      cache.get(c); // 120 > 100: b goes
      expect(cache.size).toBe(80);
      expect(reads).toHaveBeenCalledTimes(3);
      cache.get(a);
      cache.get(c);
      expect(reads).toHaveBeenCalledTimes(3);
      cache.get(b);
      expect(reads).toHaveBeenCalledTimes(4);
      expect(cache.size).toBeLessThanOrEqual(100);
      expect(cache.get(big)).toMatchObject({ body: undefined, size: 61 });
      expect(reads).toHaveBeenCalledTimes(4);
      expect(cache.get(path.join(dir, 'missing.js'))).toBeUndefined();
      expect(cache.get(dir)).toBeUndefined();
    } finally {
      reads.mockRestore();
    }
  });

  test('a removed file is dropped and no longer served', () => {
    const cache = new FileCache();
    const file = path.join(dir, 'gone.js');
    writeFileSync(file, 'export {};');
    expect(cache.get(file)?.body?.toString()).toBe('export {};');
    rmSync(file);
    expect(cache.get(file)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('served: a large file streamed from disk, a kept one from memory, with their validators, HEAD without a body', async () => {
    writeFileSync(path.join(dir, 'large.js'), 'l'.repeat(5000));
    writeFileSync(path.join(dir, 'small.js'), 's'.repeat(50));
    const app = Fastify();
    serveFromMemory(app, {
      root: dir, prefix: '/files/', cache: new FileCache(1_000_000, 1000), allowedPath: () => true,
      headers: () => ({ 'cache-control': 'no-cache' }), lastModified: true,
    });
    try {
      const large = await app.inject({ method: 'GET', url: '/files/large.js' });
      expect([large.statusCode, large.body, large.headers['content-length'], large.headers['content-type']]).toEqual([200, 'l'.repeat(5000), '5000', 'application/javascript; charset=utf-8']);
      const small = await app.inject({ method: 'GET', url: '/files/small.js' });
      expect([small.statusCode, small.body, small.headers['cache-control']]).toEqual([200, 's'.repeat(50), 'no-cache']);
      const since = await app.inject({ method: 'GET', url: '/files/small.js', headers: { 'if-modified-since': String(small.headers['last-modified']) } });
      expect([since.statusCode, since.body]).toEqual([304, '']);
      const head = await app.inject({ method: 'HEAD', url: '/files/small.js' });
      expect([head.statusCode, head.body, head.headers['content-length']]).toEqual([200, '', '50']);
      for (const url of ['/files/../memory-static.test.ts', '/files/', '/files/nothing.js', '/files/a%2F..%2F..%2Fetc%2Fpasswd']) {
        expect([url, (await app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
      }
    } finally {
      await app.close();
    }
  });

  test('Accept-Encoding: by q-value, br before gzip on a tie, * as gzip, q=0 refused', () => {
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0.5, gzip')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0')).toEqual([]);
    expect(acceptedEncodings('*')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
  });

  test('content types as the portal sent them before', () => {
    expect(contentTypeOf('/a/main.1.js')).toBe('application/javascript; charset=utf-8');
    expect(contentTypeOf('/mf-manifest.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('/x.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('/logo.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('/font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('/blob.bin')).toBe('application/octet-stream');
  });
});
