import os from 'node:os';
import path from 'node:path';
import { configFromEnv, REPO_ROOT } from './config';

describe('configuration from the environment', () => {
  test('safe defaults', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      port: 8080, dataDir: path.join(REPO_ROOT, '.data'), accessTokenTtl: 300, refreshTokenTtl: 86_400,
      uploadLimitMb: 20, mailRetrySeconds: 60, demoData: 'auto', demoPassword: 'demo-password', scryptLog2N: 17,
    });
    expect(config.databaseUrl).toBe(`sqlite:${path.join(REPO_ROOT, '.data', 'portal.sqlite')}`);
    expect(config.jwtSecret).toBeUndefined();
    expect(config.rateLimits.login.max).toBeGreaterThanOrEqual(20);
  });

  test('every variable is read', () => {
    const config = configFromEnv({
      PORT: '9000', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u:p@h/db', JWT_SECRET: 'secret', ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '600', UPLOAD_LIMIT_MB: '5', SMTP_URL: 'smtp://localhost:25', MAIL_RETRY_SECONDS: '30',
      DEMO_DATA: 'off', DEMO_PASSWORD: 'pw',
      PORTAL_DIST: '/tmp/dist', REMOTES_REGISTRY: '/tmp/remotes.json', PUBLIC_URL: 'https://portal.example/',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16', LOGIN_RATE_LIMIT: '600',
    });
    expect(config).toMatchObject({
      port: 9000, dataDir: '/tmp/x', databaseUrl: 'postgres://u:p@h/db', jwtSecret: 'secret', accessTokenTtl: 60,
      refreshTokenTtl: 600, uploadLimitMb: 5, smtpUrl: 'smtp://localhost:25', mailRetrySeconds: 30, demoData: 'off',
      demoPassword: 'pw',
      portalDist: '/tmp/dist', remotesRegistry: '/tmp/remotes.json', publicUrl: 'https://portal.example',
      trustProxy: ['10.0.0.1', '10.1.0.0/16'],
    });
    expect(configFromEnv({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(configFromEnv({}).trustProxy).toBe(false);
    expect(config.rateLimits.login).toEqual({ max: 600, windowMs: 60_000 });
    expect(config.rateLimits.refresh).toEqual(configFromEnv({}).rateLimits.refresh);
  });

  test('the releases\' settings (issue 15)', () => {
    expect(configFromEnv({})).toMatchObject({
      releasesDir: path.join(REPO_ROOT, '.data', 'releases'), releasesKept: 5, releaseUploadLimitMb: 50, releaseLimitMb: 50, releaseFileLimitMb: 10,
      remoteOverrides: false, remoteOverrideOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
    });
    expect(configFromEnv({ DATA_DIR: '/tmp/x' }).releasesDir).toBe('/tmp/x/releases');
    expect(configFromEnv({
      RELEASES_DIR: '/srv/releases', RELEASES_KEPT: '8', RELEASE_UPLOAD_LIMIT_MB: '20', RELEASE_LIMIT_MB: '30', RELEASE_FILE_LIMIT_MB: '4', REMOTE_OVERRIDES: 'on',
      REMOTE_OVERRIDE_ORIGINS: 'http://localhost:*, https://dev.example:8443',
    })).toMatchObject({
      releasesDir: '/srv/releases', releasesKept: 8, releaseUploadLimitMb: 20, releaseLimitMb: 30, releaseFileLimitMb: 4, remoteOverrides: true,
      remoteOverrideOrigins: ['http://localhost:*', 'https://dev.example:8443'],
    });
    expect(() => configFromEnv({ RELEASES_KEPT: '0' })).toThrow(/RELEASES_KEPT/);
    expect(() => configFromEnv({ REMOTE_OVERRIDES: 'sometimes' })).toThrow(/REMOTE_OVERRIDES/);
  });

  test('REFRESH_REUSE_GRACE_SECONDS: 30 by default, 0 turns the grace off, a negative value fails (issue 17)', () => {
    expect(configFromEnv({}).refreshReuseGraceSeconds).toBe(30);
    expect(configFromEnv({ REFRESH_REUSE_GRACE_SECONDS: '5' }).refreshReuseGraceSeconds).toBe(5);
    expect(configFromEnv({ REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshReuseGraceSeconds).toBe(0);
    expect(() => configFromEnv({ REFRESH_REUSE_GRACE_SECONDS: '-1' })).toThrow(/REFRESH_REUSE_GRACE_SECONDS/);
  });

  test('PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE: one hash at a time on two cores, never the whole thread pool (issue 17)', () => {
    const { concurrency, queue } = configFromEnv({}).passwordHashing;
    expect(concurrency).toBe(Math.max(1, Math.min(Math.floor(os.availableParallelism() / 2), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1)));
    expect(queue).toBe(16);
    expect(configFromEnv({ PASSWORD_HASH_CONCURRENCY: '2' }).passwordHashing).toEqual({ concurrency: 2, queue: 16 });
    expect(configFromEnv({ PASSWORD_HASH_QUEUE: '40' }).passwordHashing).toEqual({ concurrency, queue: 40 });
    expect(() => configFromEnv({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
    expect(() => configFromEnv({ PASSWORD_HASH_QUEUE: 'many' })).toThrow(/PASSWORD_HASH_QUEUE/);
  });

  test('the upload quota per dealer (issue 17): 200 files and 500 MB a day unless told', () => {
    expect(configFromEnv({}).uploadQuota).toEqual({ filesPerDay: 200, mbPerDay: 500 });
    expect(configFromEnv({ UPLOAD_QUOTA_FILES_PER_DAY: '50' }).uploadQuota).toEqual({ filesPerDay: 50, mbPerDay: 500 });
    expect(configFromEnv({ UPLOAD_QUOTA_MB_PER_DAY: '100.5' }).uploadQuota).toEqual({ filesPerDay: 200, mbPerDay: 100.5 });
    expect(() => configFromEnv({ UPLOAD_QUOTA_FILES_PER_DAY: '0' })).toThrow(/UPLOAD_QUOTA_FILES_PER_DAY/);
    expect(() => configFromEnv({ UPLOAD_QUOTA_MB_PER_DAY: 'lots' })).toThrow(/UPLOAD_QUOTA_MB_PER_DAY/);
  });

  test('the exchange with 1C (issue 33): parts of 2 MB, 2 GB an exchange, steps of 20 s unless told', () => {
    expect(configFromEnv({}).exchange).toEqual({ fileLimitMb: 2, limitMb: 2048, stepSeconds: 20 });
    expect(configFromEnv({ EXCHANGE_FILE_LIMIT_MB: '8', EXCHANGE_STEP_SECONDS: '5' }).exchange).toEqual({ fileLimitMb: 8, limitMb: 2048, stepSeconds: 5 });
    expect(configFromEnv({ EXCHANGE_LIMIT_MB: '512' }).exchange).toEqual({ fileLimitMb: 2, limitMb: 512, stepSeconds: 20 });
    expect(() => configFromEnv({ EXCHANGE_LIMIT_MB: '-1' })).toThrow(/EXCHANGE_LIMIT_MB/);
  });

  test('PASSWORD_HASH_COST (issue 29): 17 unless told; lower only under NODE_ENV=test, with a clear message otherwise', () => {
    expect(configFromEnv({ NODE_ENV: 'production' }).scryptLog2N).toBe(17);
    expect(configFromEnv({ NODE_ENV: 'production', PASSWORD_HASH_COST: '18' }).scryptLog2N).toBe(18);
    expect(() => configFromEnv({ NODE_ENV: 'production', PASSWORD_HASH_COST: '10' }))
      .toThrow('PASSWORD_HASH_COST must be at least 17 (scrypt N=2^17); a lower cost is for tests only (NODE_ENV=test), got "10"');
    expect(() => configFromEnv({ PASSWORD_HASH_COST: '16' })).toThrow(/at least 17/);
    expect(configFromEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).scryptLog2N).toBe(10);
    for (const nonsense of ['3', '19', '12.5', 'low']) {
      expect(() => configFromEnv({ NODE_ENV: 'test', PASSWORD_HASH_COST: nonsense })).toThrow(/PASSWORD_HASH_COST must be a whole number from 4 to 18/);
    }
  });

  test('nonsense values fail at start, not later', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => configFromEnv({ ACCESS_TOKEN_TTL: '-5' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(() => configFromEnv({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
    expect(() => configFromEnv({ LOGIN_RATE_LIMIT: '0' })).toThrow(/LOGIN_RATE_LIMIT/);
  });
});
