// Test support (not a test): an application on a database of its own, SQLite always and PostgreSQL
// when TEST_DATABASE_URL is set, each test file with its own SQLite file or PostgreSQL database so
// that files run in parallel; and a small HTTP helper over app.inject.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import type { TokenPair } from '../lib/tokens';
import { withPg } from './pg-client';
import { DEMO_PASSWORD, matchesTemplate, postgresFromTemplate, sqliteFromTemplate, TEST_PASSWORD_HASH_COST } from './template-db';

export { DEMO_PASSWORD, TEST_PASSWORD_HASH_COST };
export { until } from './until';
export type DatabaseKind = 'sqlite' | 'postgres';

/** The databases the API tests run on: describe.each(testDatabases()). */
export function testDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  config: Partial<AppConfig>;
  close(): Promise<void>;
}

/**
 * A ready application on a database of its own with the demo data, password hashes at the tests' cost
 * (TEST_PASSWORD_HASH_COST). It starts from a copy of the run's template (test/template-db.ts) when
 * `overrides` ask for the data the template holds; otherwise it builds its database from nothing
 * (a file of its own on SQLite, a schema of its own on PostgreSQL).
 */
export async function createTestApp(kind: DatabaseKind, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-api-'));
  const sqliteFile = path.join(dataDir, 'portal.sqlite');
  let database: Pick<AppConfig, 'databaseUrl' | 'databaseSchema'>;
  let drop = async () => {};
  const copy = kind === 'postgres' && matchesTemplate(overrides) ? await postgresFromTemplate() : null;
  if (copy) {
    database = { databaseUrl: copy.url, databaseSchema: undefined };
    drop = copy.drop;
  } else if (kind === 'postgres') {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await withPg((client) => client.query(`create schema "${schema}"`));
    database = { databaseUrl: process.env.TEST_DATABASE_URL!, databaseSchema: schema };
    drop = () => withPg((client) => client.query(`drop schema "${schema}" cascade`)).then(() => {});
  } else {
    if (matchesTemplate(overrides)) sqliteFromTemplate(sqliteFile);
    database = { databaseUrl: `sqlite:${sqliteFile}`, databaseSchema: undefined };
  }
  const config: Partial<AppConfig> = {
    dataDir,
    ...database,
    demoData: 'on',
    scryptLog2N: TEST_PASSWORD_HASH_COST,
    portalDist: undefined,
    ...overrides,
  };
  const app = await buildApp(config);
  return {
    app,
    dataDir,
    config,
    async close() {
      await app.close();
      await drop();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call; `json` is the parsed body (undefined when it is not JSON). */
export async function call(app: FastifyInstance, method: InjectOptions['method'], url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response: LightMyRequestResponse = await app.inject({
    method, url, headers, ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  let json: any;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, headers: response.headers, body: response.body };
}

/** Tokens for a demo account without a login (scrypt is slow on purpose): the same as /api/token/ issues. */
export async function tokensFor(app: FastifyInstance, email: string): Promise<TokenPair> {
  const user = await app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return app.tokens.issue(user);
}


/** A mail as nodemailer writes it: its To and Subject headers and its text, decoded. */
export function parseMail(raw: string): { to: string; subject: string; text: string } {
  const [folded, ...body] = raw.split(/\r?\n\r?\n/);
  const head = folded.replace(/\r?\n[ \t]+/g, ' ');
  const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
  const decodeWord = (value: string) => value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    (enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : Buffer.from(qp(text.replace(/_/g, ' ')), 'latin1')).toString('utf8'));
  const text = Buffer.from(qp(body.join('\n\n').replace(/=\r?\n/g, '')), 'latin1').toString('utf8');
  return { to: header('To'), subject: decodeWord(header('Subject').replace(/\?=\s+=\?/g, '?==?')), text };
}

/** The mails in the outbox (DATA_DIR/outbox/*.eml), oldest first. */
export function outboxMails(dataDir: string): Array<{ to: string; subject: string; text: string }> {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith('.eml')).sort().map((name) => parseMail(readFileSync(path.join(dir, name), 'utf8')));
}

/** Quoted-printable escapes to bytes (as latin1 text, to be read as UTF-8). */
const qp = (text: string) => text.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** One part of a multipart form: a text field or a file. Parts may repeat a name. */
export type FormPart = { name: string; value: string } | { name: string; file: { filename: string; type: string; data: Buffer } };

/** The bytes of a multipart/form-data body with the given parts, as a browser sends them. */
export function multipartBody(parts: FormPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}\r\n\r\n`), part.file.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart/form-data body and its content type: text fields and files, one of each name. */
export function formData(fields: Record<string, string>, files: Record<string, { name: string; type: string; data: Buffer }> = {}) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts: FormPart[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...Object.entries(files).map(([name, file]) => ({ name, file: { filename: file.name, type: file.type, data: file.data } })),
  ];
  return { body: multipartBody(parts, boundary), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Calls as one signed-in user: JSON, multipart (`document` unless named) and raw downloads. */
export function client(app: FastifyInstance, token: string) {
  return {
    get: (url: string) => call(app, 'GET', url, { token }),
    post: (url: string, body: unknown) => call(app, 'POST', url, { token, body }),
    put: (url: string, body: unknown) => call(app, 'PUT', url, { token, body }),
    del: (url: string) => call(app, 'DELETE', url, { token }),
    /** `method` with a multipart body. */
    form: (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file?: FileSpec) => {
      const { body, headers } = formData(fields, file ? { [file.field ?? 'document']: file } : {});
      return call(app, method, url, { token, body, headers });
    },
    download: async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
    },
    en: (method: 'POST' | 'PUT', url: string, body: unknown) => call(app, method, url, { token, body, headers: { 'accept-language': 'en' } }),
  };
}

export type Client = ReturnType<typeof client>;

export interface FileSpec {
  name: string;
  type: string;
  data: Buffer;
  /** The form field; `document` unless named. */
  field?: string;
}
