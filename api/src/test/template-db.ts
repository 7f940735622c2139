// Test support (not a test): the database every API test file starts from, made once per jest run
// and per database kind (issue 29 item 2). Jest's global setup of the `api` project (test/global-setup.ts)
// builds an application once on SQLite and once on PostgreSQL (when TEST_DATABASE_URL is set): every
// migration and the demo data. A test file then starts from a copy: the SQLite file copied into its
// data folder, or a PostgreSQL database made with `CREATE DATABASE … TEMPLATE …`. Where there is no
// template (a script calling createTestApp outside jest), or a test asks for other data, the
// application builds its database from nothing as before. Tests that are about the migrations or
// the demo data themselves build from nothing (they call buildApp or pass `demoData: 'off'`).
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { withPg } from './pg-client';

/** The cost of the password hashes the API tests make (log2 of scrypt's N), PASSWORD_HASH_COST under test. */
export const TEST_PASSWORD_HASH_COST = 10;
export const DEMO_PASSWORD = 'demo-password';

/** Where the global setup tells the test files (the workers inherit its environment) what it made. */
const SQLITE_TEMPLATE = 'PORTAL_TEST_SQLITE_TEMPLATE';
const POSTGRES_TEMPLATE = 'PORTAL_TEST_POSTGRES_TEMPLATE';

/** What the template holds: the configuration a test file's data must match to start from it. */
const TEMPLATE_CONFIG = { demoData: 'on', demoPassword: DEMO_PASSWORD, scryptLog2N: TEST_PASSWORD_HASH_COST } as const;

/** Whether an application configured with `overrides` starts from the data the template holds. */
export function matchesTemplate(overrides: Partial<AppConfig>): boolean {
  if (overrides.databaseUrl !== undefined || overrides.databaseSchema !== undefined) return false;
  return Object.entries(TEMPLATE_CONFIG).every(([key, value]) => [undefined, value].includes(overrides[key as keyof AppConfig] as never));
}

/** `url` naming another database of the same server. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.href;
}

/** A made-up database name of ours; only [a-z0-9_], so it is quoted safely. */
const databaseName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;

async function buildOnce(config: Partial<AppConfig>): Promise<void> {
  const app = await buildApp({ portalDist: undefined, ...TEMPLATE_CONFIG, ...config });
  await app.close();
}

/** Jest's global setup: the templates, named in the environment the test files inherit. */
export async function buildTemplates(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  await buildOnce({ dataDir: folder, databaseUrl: `sqlite:${path.join(folder, 'portal.sqlite')}` });
  process.env[SQLITE_TEMPLATE] = path.join(folder, 'portal.sqlite');

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = databaseName('portal_template');
    try {
      await withPg((client) => client.query(`create database "${name}"`));
    } catch (err) {
      throw new Error(`The API tests make a database per test file from a template: the role of TEST_DATABASE_URL needs CREATEDB (${(err as Error).message})`);
    }
    await buildOnce({ dataDir: folder, databaseUrl: databaseUrl(url, name) });
    process.env[POSTGRES_TEMPLATE] = name;
  }
}

/** Jest's global teardown: the templates removed. */
export async function dropTemplates(): Promise<void> {
  const file = process.env[SQLITE_TEMPLATE];
  if (file) rmSync(path.dirname(file), { recursive: true, force: true });
  const name = process.env[POSTGRES_TEMPLATE];
  if (name && process.env.TEST_DATABASE_URL) await withPg((client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** The template's SQLite file copied to `file` (its mode too: the owner's alone), if there is a template and no file yet. */
export function sqliteFromTemplate(file: string): boolean {
  const template = process.env[SQLITE_TEMPLATE];
  if (!template || !existsSync(template) || existsSync(file)) return false;
  copyFileSync(template, file);
  return true;
}

/** A new PostgreSQL database copied from the template, and how to drop it; null without a template. */
export async function postgresFromTemplate(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const template = process.env[POSTGRES_TEMPLATE];
  const url = process.env.TEST_DATABASE_URL;
  if (!template || !url) return null;
  const name = databaseName('portal_test');
  await withPg((client) => client.query(`create database "${name}" template "${template}"`));
  return {
    url: databaseUrl(url, name),
    drop: async () => { await withPg((client) => client.query(`drop database if exists "${name}" with (force)`)); },
  };
}
