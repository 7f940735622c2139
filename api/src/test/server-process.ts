// Test support (not a test): the API as a real process of its own (listening-server.ts, on a port
// the system picks) and the repository's npm commands as child processes, for tests that need what
// app.inject cannot show: several processes on one data folder, a command run beside a live server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { TEST_PASSWORD_HASH_COST } from './template-db';

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Sends SIGTERM and waits for the process to end (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/**
 * The environment of a child: ours (NODE_ENV=test under jest), without a database or secret of the
 * caller's, password hashes at the tests' cost, and `env` on top.
 */
const childEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env, DATABASE_URL: '', JWT_SECRET: '', RELEASES_DIR: '', LOG: 'off', PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST), ...env,
});

/** Starts the API with `env` (DATA_DIR at least); resolves once it listens. */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(__dirname, 'listening-server.ts')], {
    cwd: REPO_ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const guard = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(guard);
  };
  return new Promise<ServerProcess>((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^listening (http:\/\/\S+)$/m.exec(output)?.[1];
      if (url) {
        clearTimeout(guard);
        resolve({ url, stop });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(guard);
      reject(new Error(`the API exited (${code ?? signal}) before it listened:\n${output}`));
    });
  });
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The repository's `npm run <script> -- <args>`, typed in the folder `cwd`, with `env` on top of ours; resolves when it ends. */
export function runNpmScript(script: string, args: string[], env: Record<string, string>, cwd = REPO_ROOT): Promise<CommandResult> {
  const child = spawn('npm', ['--prefix', REPO_ROOT, 'run', '--silent', script, '--', ...args], {
    cwd, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
