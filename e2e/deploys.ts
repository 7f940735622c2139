// What the stories of remote teams' deploys share (releases.e2e.ts, old-contract.e2e.ts): an admin's
// token and a deploy key on a portal of their own, the live release of a remote, and the team's
// `portal-remote` command run as a child process.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, ACCOUNTS } from './fixtures';
import { DEMO_PASSWORD, ROOT, type RunningPortal } from './portal-server';

const run = promisify(execFile);
const PORTAL_REMOTE = path.join(ROOT, 'remote-kit/bin/portal-remote.mjs');

export async function tokenOf(portal: RunningPortal, email: string): Promise<string> {
  const res = await fetch(`${portal.url}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** An admin makes a deploy key for comms, as the team asks them to. */
export async function deployKey(portal: RunningPortal): Promise<string> {
  const res = await fetch(`${portal.url}/api/remotes/comms/keys/`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(portal, ACCOUNTS.admin)}` },
    body: JSON.stringify({ name: 'comms team CI' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

export async function liveOf(portal: RunningPortal, name: string): Promise<string> {
  const res = await fetch(`${portal.url}/api/remotes/`, { headers: { authorization: `Bearer ${await tokenOf(portal, ACCOUNTS.admin)}` } });
  const remotes = (await res.json()) as Array<{ name: string; live: { id: string } | null }>;
  return remotes.find((r) => r.name === name)!.live!.id;
}

/** `portal-remote <args>` in the team's folder: its exit code and everything it printed. */
export async function portalRemote(cwd: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [PORTAL_REMOTE, ...args], { cwd, env: { ...process.env, ...env }, timeout: 120_000 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

