// An outside team's dev loop (issue 32 item 1, first part): `portal-remote dev` builds a remote as its
// team runs it (remotes/comms copied to a scratch folder, the command a child process), a staff user
// points the portal at that build with an override, and the portal draws its screens. A dev build
// once crashed in the portal («Раздел … не загрузился», «dispatcher.getOwner is not a function»): it
// imported React's development JSX runtime, which the page does not share, against the page's
// production React. The override's other story serves a production build, so it never saw that.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test, expect, logIn, setOverride, ACCOUNTS } from './fixtures';
import { freePort, ROOT, startPortal } from './portal-server';

test('a remote served by `portal-remote dev` and set as an override is drawn in the portal, with no error', async ({ browser }) => {
  test.setTimeout(150_000);
  const portal = await startPortal({ env: { REMOTE_OVERRIDES: 'on' } });
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const copy = mkdtempSync(path.join(ROOT, '.tmp/remote-dev-e2e-'));
  const source = path.join(ROOT, 'remotes/comms');
  cpSync(source, copy, { recursive: true, filter: (p) => !path.relative(source, p).split(path.sep).some((part) => ['node_modules', 'dist', '.portal-remote'].includes(part)) });
  const port = await freePort();
  let output = '';
  // Its own process group, so that the end of the story ends the command and what it started.
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'remote-kit/bin/portal-remote.mjs'), 'dev', '--portal', `${portal.url}/`, '--port', String(port)], { cwd: copy, detached: true });
  child.stdout?.on('data', (d) => { output += d; });
  child.stderr?.on('data', (d) => { output += d; });
  try {
    await expect.poll(() => {
      if (child.exitCode !== null) throw new Error(`portal-remote dev exited ${child.exitCode}:\n${output}`);
      return /serving comms at (\S+)/.exec(output)?.[1];
    }, { timeout: 120_000, message: 'the manifest URL on stdout' }).toBeTruthy();
    const manifest = /serving comms at (\S+)/.exec(output)![1];

    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await logIn(page, ACCOUNTS.manager, portal.url);
    await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();
    await setOverride(page, 'comms', manifest);

    const fromDev: string[] = [];
    page.on('requestfinished', (request) => { if (request.url().startsWith(`http://localhost:${port}/`)) fromDev.push(request.url()); });
    await page.goto(`${portal.url}/comms`);
    await expect(page.getByTestId('override-banner')).toContainText('Подменён раздел: comms');
    await expect(page.getByRole('heading', { name: 'Рассылки и новости' }).first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    await page.getByTestId('sidebar').getByText('Документы', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Документы', exact: true })).toBeVisible();
    expect(fromDev.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    await expect(page.getByText('не загрузился')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    rmSync(copy, { recursive: true, force: true });
    await portal.stop();
  }
});
