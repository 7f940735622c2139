import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../config';
import { jwtSecret } from './auth';

describe('the generated JWT secret', () => {
  let dataDir: string;
  beforeEach(() => { dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secret-')); });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('is kept in DATA_DIR/jwt-secret, readable by its owner only (0600), and read again on the next start', () => {
    const config = resolveConfig({ dataDir });
    const secret = jwtSecret(config);
    const file = path.join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(secret.length).toBeGreaterThanOrEqual(64);
    expect(jwtSecret(config)).toBe(secret);
  });
});
