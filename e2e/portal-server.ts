// Starts the real server (API + built portal) on a free port with a fresh data folder, for the
// end-to-end tests and the benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
export const DIST = path.join(ROOT, 'dist');
export const DEMO_PASSWORD = 'demo-password';
export const ACCOUNTS = {
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  dealer: 'dealer@demo.test',
  unsignedDealer: 'dealer2@demo.test',
} as const;

export interface RunningPortal {
  url: string;
  dataDir: string;
  dist: string;
  /** The process that was started (tsx, which runs the server in a child of its own). */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Copies made by `copyDist`: a portal serving one removes it when it stops (never a folder it was given). */
const copies = new Set<string>();

/** A private copy of the built portal, for a test that replaces a remote's files while serving. */
export function copyDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  cpSync(DIST, dir, { recursive: true });
  copies.add(dir);
  return dir;
}

export async function startPortal(options: { dist?: string; env?: Record<string, string> } = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  const dist = options.dist ?? DIST;
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PORTAL_DIST: dist, DEMO_DATA: 'on',
      // Every story of a worker logs in from 127.0.0.1: the limit is the API's to test, not theirs.
      DATABASE_URL: '', DEMO_PASSWORD, LOGIN_RATE_LIMIT: '1000',
      // Password hashes at a test's cost (scrypt N=2^10, about a millisecond, instead of 2^17's
      // ~275 ms and 128 MiB): the demo users' and every sign-in's. The API takes it only under NODE_ENV=test.
      NODE_ENV: 'test', PASSWORD_HASH_COST: '10',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { child.kill(); throw new Error(`the server did not start in 60 s:\n${output}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url, dataDir, dist, pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (copies.delete(dist)) rmSync(dist, { recursive: true, force: true });
    },
  };
}
