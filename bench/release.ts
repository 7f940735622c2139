// bench/release: a remote team's build and deploy (design §8, issue 15):
//  - building one remote alone with `portal-remote build`                      budget 5 s
//  - uploading and activating a release with `portal-remote deploy`            budget 2 s
//    (the tar, the upload through the gate, the list for If-Match and the activation, as the command
//    times them; the whole command, Node's start included, is printed beside)
// Median of --runs (default 5), against the real server on a fresh SQLite data folder.
// Run: node scripts/build.mjs && npx tsx bench/release.ts [--runs 5] [--remote comms]
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PASSWORD, ROOT, ACCOUNTS, startPortal } from '../e2e/portal-server';

const run = promisify(execFile);
const option = (flag: string, fallback: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(option('--runs', '5'));
const REMOTE = option('--remote', 'comms');
const PORTAL_REMOTE = path.join(ROOT, 'remote-kit/bin/portal-remote.mjs');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs `portal-remote` in the remote's folder: its wall time and the time it printed ("in 1.2 s"). */
async function portalRemote(args: string[]) {
  const started = Date.now();
  const { stdout } = await run(process.execPath, [PORTAL_REMOTE, ...args], { cwd: path.join(ROOT, 'remotes', REMOTE), timeout: 120_000 });
  const own = /in (\d+(?:\.\d+)?) s/.exec(stdout);
  return { wall: Date.now() - started, own: own ? Number(own[1]) * 1000 : NaN, stdout };
}

async function main() {
  const out = mkdtempSync(path.join(os.tmpdir(), `bench-release-${REMOTE}-`));
  const portal = await startPortal();
  try {
    const builds: { wall: number; own: number }[] = [];
    for (let i = 0; i < RUNS; i += 1) builds.push(await portalRemote(['build', '--out', out]));

    const login = await fetch(`${portal.url}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ACCOUNTS.admin, password: DEMO_PASSWORD }) });
    const { access } = (await login.json()) as { access: string };
    const made = await fetch(`${portal.url}/api/remotes/${REMOTE}/keys/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` }, body: JSON.stringify({ name: 'bench' }) });
    const { key } = (await made.json()) as { key: string };
    const deploys: { wall: number; own: number }[] = [];
    for (let i = 0; i < RUNS; i += 1) deploys.push(await portalRemote(['deploy', '--portal', portal.url, '--key', key, '--dir', out]));

    console.log(`A remote team's build and deploy of ${REMOTE}, median of ${RUNS} runs`);
    const rows: [string, { wall: number; own: number }[], number][] = [
      ['portal-remote build (one remote alone)', builds, 5000],
      ['portal-remote deploy (upload and activate)', deploys, 2000],
    ];
    for (const [name, values, budget] of rows) {
      const own = median(values.map((v) => v.own));
      const wall = median(values.map((v) => v.wall));
      const verdict = own <= budget ? `within ${seconds(budget)}` : `OVER ${seconds(budget)} by ${seconds(own - budget)}`;
      console.log(`  ${name.padEnd(46)} ${seconds(own).padStart(8)}  (the whole command with Node's start: ${seconds(wall)}; runs ${values.map((v) => (v.own / 1000).toFixed(2)).join(' ')})  ${verdict}`);
    }
  } finally {
    await portal.stop();
    rmSync(out, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
