// The deployment of design §7 on this machine, for e2e/scale-out.e2e.ts: Debian's nginx with the
// repository's deploy/nginx.conf in front of two API processes (`npm run serve:api`) on one fresh
// PostgreSQL database, all on free ports and under a temp folder (nginx runs without root's paths).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withPg } from '../api/src/test/pg-client';
import { DEMO_PASSWORD, DIST, freePort, ROOT } from './portal-server';

export const NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');

/** Debian's nginx binary, or null when it is not installed. */
export function findNginx(): string | null {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => existsSync(file));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** What the scale-out test needs and this machine lacks, in words; empty when nothing is missing. */
export function missingForScaleOut(): string[] {
  const missing: string[] = [];
  if (!findNginx()) missing.push('nginx (apt-get install nginx; .ci/run installs it)');
  if (!process.env.TEST_DATABASE_URL) missing.push('PostgreSQL named by TEST_DATABASE_URL (.ci/run starts it and sets it)');
  if (!existsSync(path.join(DIST, 'index.html'))) missing.push('the built portal in dist/ (node scripts/build.mjs)');
  return missing;
}

interface ApiProcess {
  port: number;
  child: ChildProcess;
  output: () => string;
}

export interface NginxCluster {
  /** nginx's address: the portal as its users reach it. */
  url: string;
  /** The API processes' JWT secret (JWT_SECRET), so that a story can sign an expired copy of a token. */
  jwtSecret: Uint8Array;
  /** Stops one API process at once (SIGKILL, as a crash would), the other goes on. */
  killApi(index: 0 | 1): void;
  stop(): Promise<void>;
}

async function waitFor(url: string, what: string, output: () => string, alive: () => boolean) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (!alive()) throw new Error(`${what} exited:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} in 45 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `npm run serve:api` in a process group of its own, so that a kill reaches node under npm. */
async function startApi(env: Record<string, string>, port: number): Promise<ApiProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-scale-data-'));
  const child = spawn('npm', ['run', '--silent', 'serve:api'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const api = { port, child, output: () => output };
  await waitFor(`http://127.0.0.1:${port}/api/health/`, `API process on ${port}`, api.output, () => child.exitCode === null && child.signalCode === null);
  return api;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch { /* already gone */ }
}

async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  killGroup(child, 'SIGKILL');
}

/**
 * deploy/nginx.conf with this run's ports, inside a main configuration whose every path is under
 * `dir` (root's /var/log/nginx and /var/lib/nginx are not ours to write).
 */
function nginxConfig(dir: string, nginxPort: number, apiPorts: number[]): string {
  let site = readFileSync(NGINX_CONF, 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf has no ${pattern}: the test no longer runs the file the README shows`);
    site = site.replace(pattern, by);
  };
  replace(/listen 80;/, `listen 127.0.0.1:${nginxPort};`);
  replace(/server 127\.0\.0\.1:8081 /, `server 127.0.0.1:${apiPorts[0]} `);
  replace(/server 127\.0\.0\.1:8082 /, `server 127.0.0.1:${apiPorts[1]} `);
  writeFileSync(path.join(dir, 'portal.conf'), site);
  const temp = (name: string) => {
    mkdirSync(path.join(dir, name), { recursive: true });
    return path.join(dir, name);
  };
  return [
    // As root the workers would become `nobody`, who cannot enter this private temp folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${path.join(dir, 'portal.conf')};`,
    '}',
    '',
  ].join('\n');
}

/** Two API processes on a new PostgreSQL database and nginx in front of them. */
export async function startNginxCluster(env: Record<string, string> = {}): Promise<NginxCluster> {
  const nginx = findNginx();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!nginx || !adminUrl) throw new Error(`scale-out needs ${missingForScaleOut().join(', ')}`);
  const database = `portal_scale_${randomBytes(5).toString('hex')}`;
  await withPg((client) => client.query(`create database ${database}`), adminUrl);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  const apis: ApiProcess[] = [];
  let nginxProcess: ChildProcess | undefined;
  let nginxOutput = '';
  const stop = async () => {
    if (nginxProcess) await stopGroup(nginxProcess);
    await Promise.all(apis.map((api) => stopGroup(api.child)));
    rmSync(dir, { recursive: true, force: true });
    await withPg((client) => client.query(`drop database if exists ${database} with (force)`), adminUrl);
  };
  const jwtSecret = randomBytes(48).toString('hex');
  try {
    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      // The releases' files: one volume every process shares, as the README says.
      RELEASES_DIR: path.join(dir, 'releases'),
      JWT_SECRET: jwtSecret,
      PORTAL_DIST: DIST,
      TRUST_PROXY: '127.0.0.1',
      DEMO_PASSWORD,
      // Password hashes at a test's cost, as the other end-to-end servers (e2e/portal-server.ts).
      NODE_ENV: 'test', PASSWORD_HASH_COST: '10',
      ...env,
    };
    // One after the other: the first makes the tables and the demo data, the second finds them.
    apis.push(await startApi({ ...shared, DEMO_DATA: 'on' }, await freePort()));
    apis.push(await startApi({ ...shared, DEMO_DATA: 'off' }, await freePort()));
    const port = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, port, apis.map((api) => api.port)));
    nginxProcess = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginxProcess.stdout?.on('data', (d) => { nginxOutput += d; });
    nginxProcess.stderr?.on('data', (d) => { nginxOutput += d; });
    const started = nginxProcess;
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/health/`, 'nginx', () => `${nginxOutput}${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`,
      () => started.exitCode === null && started.signalCode === null);
    return {
      url,
      jwtSecret: new TextEncoder().encode(jwtSecret),
      killApi: (index) => killGroup(apis[index].child, 'SIGKILL'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
