// Configuration from environment variables with safe defaults (design §7). `server.ts` reads the
// environment through `configFromEnv`; tests build an `AppConfig` directly (a temp DATA_DIR, a
// database URL, short token lifetimes, low rate limits) and pass it to `buildApp`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultPasswordHashing, PASSWORD_HASH_COST } from './lib/passwords';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface RateLimit {
  /** Requests allowed per window and per client address. */
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` / a file path, or `postgres://…`. */
  databaseUrl: string;
  /** PostgreSQL only: the schema to work in (tests use a throwaway schema per file). */
  databaseSchema?: string;
  /** Absent: generated once and kept in `<dataDir>/jwt-secret`. */
  jwtSecret?: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /**
   * A spent refresh token presented again within this many seconds answers the same new pair (two
   * tabs refreshing at once); later, or with 0, its reuse revokes the user's sessions (design §6).
   */
  refreshReuseGraceSeconds: number;
  uploadLimitMb: number;
  /**
   * Uploads per dealer and UTC day (issue 17 item 5): files, and their megabytes together. Past
   * either, a dealer's upload answers 429 with Retry-After (the next UTC midnight). Staff are not counted.
   * UPLOAD_QUOTA_FILES_PER_DAY (default 200), UPLOAD_QUOTA_MB_PER_DAY (default 500).
   */
  uploadQuota: { filesPerDay: number; mbPerDay: number };
  smtpUrl?: string;
  mailFrom: string;
  /** With SMTP: how often the outbox (mail SMTP refused) is sent again. */
  mailRetrySeconds: number;
  /** Where mailed links point (restore links). */
  publicUrl: string;
  /** One restore mail per email address at most this often, whoever asks and from wherever (issue 9). */
  restoreMailIntervalMinutes: number;
  /** 'auto': demo data on the first start of a new SQLite database. */
  demoData: 'on' | 'off' | 'auto';
  demoPassword: string;
  /** Folder of the built portal to serve at `/`; absent or missing: the API alone. */
  portalDist?: string;
  /** A JSON file served as `/remotes.json` instead of `<portalDist>/remotes.json`. */
  remotesRegistry?: string;
  /** Origins allowed to call the API from another origin (development servers). */
  corsOrigins: string[];
  /**
   * log2 of scrypt's N for new password hashes (PASSWORD_HASH_COST): 17 in production (design §11),
   * lower only under NODE_ENV=test (passwordHashCost). A stored hash says its own cost and is checked at it.
   */
  scryptLog2N: number;
  /**
   * Password hashes (128 MiB and ~275 ms of the thread pool each) at once in this process, and how
   * many more may wait; beyond that a sign-in answers 503 with Retry-After (lib/passwords.ts).
   */
  passwordHashing: { concurrency: number; queue: number };
  rateLimits: { login: RateLimit; refresh: RateLimit; restore: RateLimit; regreq: RateLimit };
  /**
   * Login attempts per email that did not end in a sign-in, whatever the client address (issue 9):
   * past `max` in `windowMs` that email answers 429 until the window ends. A browser that signed in
   * to the account before counts on its own (lib/login-attempts.ts).
   */
  loginFailuresPerAccount: RateLimit;
  /** Behind nginx: trust X-Forwarded-For from these addresses (true: any), so that rate limits count clients, not the proxy. */
  trustProxy: boolean | string[];
  logger: boolean;
  /**
   * Fairness under load (plugins/request-queue.ts): API requests waiting beyond `limit` are
   * answered 503 with Retry-After; at most `concurrency` run at once.
   */
  requestQueue: { limit: number; concurrency: number };
  /** Where the remotes' releases keep their files (design §3 "Releases"): `<releasesDir>/<name>/<id>/`. */
  releasesDir: string;
  /** How many of each remote's releases that were ever live keep their files (the live one and the rollback target always do). */
  releasesKept: number;
  /** A release live within this many hours keeps its files (tabs opened on it); 0: only the live one and the rollback target. */
  releasesGraceHours: number;
  /** The largest release upload (the gzip tar as sent) in MB. */
  releaseUploadLimitMb: number;
  /** The largest release unpacked, all its files together, in MB (RELEASE_LIMIT_MB, issue 30 item 3). */
  releaseLimitMb: number;
  /** The largest file of a release unpacked, in MB (RELEASE_FILE_LIMIT_MB). */
  releaseFileLimitMb: number;
  /** Staging only: staff may point one remote at another manifest for their own browser (issue 15 item 5). */
  remoteOverrides: boolean;
  /** Origins an override may name; `*` as the port matches any port, e.g. `http://localhost:*`. */
  remoteOverrideOrigins: string[];
  /**
   * The exchange with 1C (issue 33): the `file_limit` init answers, so 1C posts a larger file in
   * parts (EXCHANGE_FILE_LIMIT_MB, default 2: each part is held whole while it is taken and read back); all an exchange's files together at most
   * (EXCHANGE_LIMIT_MB, default 2048, unpacked archives counted); how long an import call waits
   * before it answers `progress` and 1C asks again (EXCHANGE_STEP_SECONDS, default 20).
   */
  exchange: { fileLimitMb: number; limitMb: number; stepSeconds: number };
}

export const defaultRateLimits: AppConfig['rateLimits'] = {
  login: { max: 20, windowMs: 60_000 },
  refresh: { max: 60, windowMs: 60_000 },
  restore: { max: 10, windowMs: 60_000 },
  regreq: { max: 10, windowMs: 60_000 },
};

/** The defaults, with `overrides` on top; used by tests and by `configFromEnv`. */
export function resolveConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(overrides.dataDir ?? path.join(REPO_ROOT, '.data'));
  const port = overrides.port ?? 8080;
  const defaultDist = path.join(REPO_ROOT, 'dist');
  return {
    port,
    host: '0.0.0.0',
    databaseUrl: `sqlite:${path.join(dataDir, 'portal.sqlite')}`,
    accessTokenTtl: 300,
    refreshTokenTtl: 86_400,
    refreshReuseGraceSeconds: 30,
    uploadLimitMb: 20,
    uploadQuota: { filesPerDay: 200, mbPerDay: 500 },
    mailFrom: 'Dealer portal <no-reply@portal.local>',
    mailRetrySeconds: 60,
    restoreMailIntervalMinutes: 5,
    publicUrl: `http://localhost:${port}`,
    demoData: 'auto',
    demoPassword: 'demo-password',
    portalDist: existsSync(path.join(defaultDist, 'index.html')) ? defaultDist : undefined,
    corsOrigins: [],
    scryptLog2N: PASSWORD_HASH_COST,
    passwordHashing: defaultPasswordHashing(),
    trustProxy: false,
    logger: false,
    requestQueue: { limit: 1000, concurrency: 32 },
    loginFailuresPerAccount: { max: 5, windowMs: 15 * 60_000 },
    releasesKept: 5,
    releasesGraceHours: 24,
    releaseUploadLimitMb: 50,
    releaseLimitMb: 50,
    releaseFileLimitMb: 10,
    remoteOverrides: false,
    remoteOverrideOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
    exchange: { fileLimitMb: 2, limitMb: 2048, stepSeconds: 20 },
    ...overrides,
    releasesDir: path.resolve(overrides.releasesDir ?? path.join(dataDir, 'releases')),
    rateLimits: { ...defaultRateLimits, ...overrides.rateLimits },
    dataDir,
  };
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function nonNegativeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more, got "${raw}"`);
  return value;
}

/** The highest cost of a password hash we take (256 MiB a hash). */
const HIGHEST_HASH_COST = 18;
/** The lowest cost tests may set: scrypt still runs, in about a millisecond. */
const LOWEST_TEST_HASH_COST = 4;

/**
 * PASSWORD_HASH_COST: 17 by default, up to 20; below 17 only when NODE_ENV is `test` (the test
 * helpers and the end-to-end server), so that no deployment stores weak hashes by mistake.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.PASSWORD_HASH_COST;
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  const lowest = env.NODE_ENV === 'test' ? LOWEST_TEST_HASH_COST : PASSWORD_HASH_COST;
  if (!Number.isInteger(value) || value < lowest || value > HIGHEST_HASH_COST) {
    throw new Error(env.NODE_ENV !== 'test' && Number.isInteger(value) && value < PASSWORD_HASH_COST
      ? `PASSWORD_HASH_COST must be at least ${PASSWORD_HASH_COST} (scrypt N=2^${PASSWORD_HASH_COST}); a lower cost is for tests only (NODE_ENV=test), got "${raw}"`
      : `PASSWORD_HASH_COST must be a whole number from ${lowest} to ${HIGHEST_HASH_COST} (log2 of scrypt's N), got "${raw}"`);
  }
  return value;
}

function onOff(env: NodeJS.ProcessEnv, name: string): 'on' | 'off' | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return undefined;
  if (['on', '1', 'true', 'yes'].includes(raw)) return 'on';
  if (['off', '0', 'false', 'no'].includes(raw)) return 'off';
  throw new Error(`${name} must be on or off, got "${env[name]}"`);
}

/** `on` trusts any proxy; otherwise a comma-separated list of proxy addresses or CIDR ranges. */
function trustProxyOf(raw: string | undefined): boolean | string[] | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (['on', 'true', '1'].includes(value.toLowerCase())) return true;
  return value.split(',').map((a) => a.trim()).filter(Boolean);
}

const drop = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** PORT, DATA_DIR, DATABASE_URL, JWT_SECRET, ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL,
 * REFRESH_REUSE_GRACE_SECONDS (default 30; 0 turns the grace off), UPLOAD_LIMIT_MB,
 * SMTP_URL, MAIL_FROM, MAIL_RETRY_SECONDS, RESTORE_MAIL_INTERVAL_MINUTES, PUBLIC_URL, DEMO_DATA, DEMO_PASSWORD, PORTAL_DIST,
 * REMOTES_REGISTRY, CORS_ORIGINS, TRUST_PROXY, HOST, LOG, LOGIN_RATE_LIMIT (logins a minute per client),
 * REQUEST_QUEUE_LIMIT (API requests waiting before a 503), REQUEST_CONCURRENCY (API requests run at once),
 * LOGIN_FAILURES_PER_ACCOUNT (failed logins per email before a 429, default 5),
 * LOGIN_FAILURES_WINDOW_MINUTES (the window they are counted in, default 15), RELEASES_DIR (default
 * DATA_DIR/releases), RELEASES_KEPT (default 5), RELEASES_GRACE_HOURS (default 24), RELEASE_UPLOAD_LIMIT_MB (the upload, default 50), RELEASE_LIMIT_MB
 * (a release unpacked, default 50), RELEASE_FILE_LIMIT_MB (a file of it unpacked, default 10), REMOTE_OVERRIDES
 * (default off), REMOTE_OVERRIDE_ORIGINS (comma-separated, default http://localhost:*,http://127.0.0.1:*),
 * PASSWORD_HASH_CONCURRENCY (password hashes at once, default half the cores, at least 1, at most the
 * thread pool less one), PASSWORD_HASH_QUEUE (hashes waiting before a 503, default 16),
 * PASSWORD_HASH_COST (log2 of scrypt's N, default 17; lower only with NODE_ENV=test). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = positiveNumber(env, 'PORT');
  const loginsPerMinute = positiveNumber(env, 'LOGIN_RATE_LIMIT');
  const releasesKept = positiveNumber(env, 'RELEASES_KEPT');
  const remoteOverrides = onOff(env, 'REMOTE_OVERRIDES');
  return resolveConfig(drop({
    port,
    host: env.HOST || undefined,
    dataDir: env.DATA_DIR || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtl: positiveNumber(env, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtl: positiveNumber(env, 'REFRESH_TOKEN_TTL'),
    refreshReuseGraceSeconds: nonNegativeNumber(env, 'REFRESH_REUSE_GRACE_SECONDS'),
    uploadLimitMb: positiveNumber(env, 'UPLOAD_LIMIT_MB'),
    uploadQuota: positiveNumber(env, 'UPLOAD_QUOTA_FILES_PER_DAY') || positiveNumber(env, 'UPLOAD_QUOTA_MB_PER_DAY') ? {
      filesPerDay: Math.max(1, Math.floor(positiveNumber(env, 'UPLOAD_QUOTA_FILES_PER_DAY') ?? 200)),
      mbPerDay: positiveNumber(env, 'UPLOAD_QUOTA_MB_PER_DAY') ?? 500,
    } : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    mailRetrySeconds: positiveNumber(env, 'MAIL_RETRY_SECONDS'),
    restoreMailIntervalMinutes: positiveNumber(env, 'RESTORE_MAIL_INTERVAL_MINUTES'),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    demoData: onOff(env, 'DEMO_DATA'),
    demoPassword: env.DEMO_PASSWORD || undefined,
    portalDist: env.PORTAL_DIST ? path.resolve(env.PORTAL_DIST) : undefined,
    remotesRegistry: env.REMOTES_REGISTRY ? path.resolve(env.REMOTES_REGISTRY) : undefined,
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    logger: onOff(env, 'LOG') === 'on' ? true : undefined,
    requestQueue: positiveNumber(env, 'REQUEST_QUEUE_LIMIT') || positiveNumber(env, 'REQUEST_CONCURRENCY') ? {
      limit: Math.floor(positiveNumber(env, 'REQUEST_QUEUE_LIMIT') ?? 1000),
      concurrency: Math.floor(positiveNumber(env, 'REQUEST_CONCURRENCY') ?? 32),
    } : undefined,
    scryptLog2N: passwordHashCost(env),
    passwordHashing: positiveNumber(env, 'PASSWORD_HASH_CONCURRENCY') || positiveNumber(env, 'PASSWORD_HASH_QUEUE') ? {
      concurrency: Math.floor(positiveNumber(env, 'PASSWORD_HASH_CONCURRENCY') ?? defaultPasswordHashing().concurrency),
      queue: Math.floor(positiveNumber(env, 'PASSWORD_HASH_QUEUE') ?? defaultPasswordHashing().queue),
    } : undefined,
    loginFailuresPerAccount: positiveNumber(env, 'LOGIN_FAILURES_PER_ACCOUNT') || positiveNumber(env, 'LOGIN_FAILURES_WINDOW_MINUTES') ? {
      max: Math.floor(positiveNumber(env, 'LOGIN_FAILURES_PER_ACCOUNT') ?? 5),
      windowMs: (positiveNumber(env, 'LOGIN_FAILURES_WINDOW_MINUTES') ?? 15) * 60_000,
    } : undefined,
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : undefined,
    releasesKept: releasesKept === undefined ? undefined : Math.floor(releasesKept),
    releasesGraceHours: nonNegativeNumber(env, 'RELEASES_GRACE_HOURS'),
    releaseUploadLimitMb: positiveNumber(env, 'RELEASE_UPLOAD_LIMIT_MB'),
    releaseLimitMb: positiveNumber(env, 'RELEASE_LIMIT_MB'),
    releaseFileLimitMb: positiveNumber(env, 'RELEASE_FILE_LIMIT_MB'),
    remoteOverrides: remoteOverrides === undefined ? undefined : remoteOverrides === 'on',
    remoteOverrideOrigins: env.REMOTE_OVERRIDE_ORIGINS ? env.REMOTE_OVERRIDE_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
    rateLimits: loginsPerMinute ? { ...defaultRateLimits, login: { max: Math.floor(loginsPerMinute), windowMs: 60_000 } } : undefined,
    exchange: positiveNumber(env, 'EXCHANGE_FILE_LIMIT_MB') || positiveNumber(env, 'EXCHANGE_LIMIT_MB') || positiveNumber(env, 'EXCHANGE_STEP_SECONDS') ? {
      fileLimitMb: positiveNumber(env, 'EXCHANGE_FILE_LIMIT_MB') ?? 2,
      limitMb: positiveNumber(env, 'EXCHANGE_LIMIT_MB') ?? 2048,
      stepSeconds: positiveNumber(env, 'EXCHANGE_STEP_SECONDS') ?? 20,
    } : undefined,
  }));
}
