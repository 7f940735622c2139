// An outside team's dev loop (issue 32 item 1): `portal-remote dev` builds a remote as its team runs it
// (remotes/comms copied to a scratch folder, the command a child process) and prints a link; a staff
// user opens it, confirms with «Подключить», and the portal draws the build's screens. A change to a
// source file then shows on the open page with no reload by hand (the page listens to the dev
// server's event stream and loads anew after the rebuild). A dev build
// once crashed in the portal («Раздел … не загрузился», «dispatcher.getOwner is not a function»): it
// imported React's development JSX runtime, which the page does not share, against the page's
// production React. The override's other story serves a production build, so it never saw that.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, logIn, ACCOUNTS, expectNoViolations } from './fixtures';
import { freePort, ROOT, startPortal } from './portal-server';

test('a remote served by `portal-remote dev`, set from its link with one click, is drawn in the portal and redrawn after a change', async ({ browser }) => {
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
    const link = /^\s+(http\S+\/override\?\S+)$/m.exec(output)?.[1];
    expect(link, output).toBe(`${portal.url}/override?name=comms&manifest=${encodeURIComponent(manifest)}`);

    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await logIn(page, ACCOUNTS.manager, portal.url);
    await expect(page.getByTestId('home-sections').getByRole('link').first()).toBeVisible();

    const fromDev: string[] = [];
    page.on('requestfinished', (request) => { if (request.url().startsWith(`http://localhost:${port}/`)) fromDev.push(request.url()); });
    // The link alone sets nothing: the page asks, and the area stays the live release until confirmed.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Подключить сборку разработки' })).toBeVisible();
    await expect(page.getByTestId('override-manifest')).toHaveText(manifest);
    await expect(page.getByTestId('override-banner')).toHaveCount(0);
    await expectNoViolations(page);
    // By the keyboard: the button takes Enter.
    await page.getByRole('button', { name: 'Подключить' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/comms`);
    await expect(page.getByTestId('override-banner')).toContainText('Подменён раздел: comms');
    await expect(page.getByRole('heading', { name: 'Рассылки и новости' }).first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    await page.getByTestId('sidebar').getByText('Документы', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Документы', exact: true })).toBeVisible();
    expect(fromDev.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    await expect(page.getByText('не загрузился')).toHaveCount(0);

    // A change to the remote's source: rebuilt, and the open page shows it by itself.
    await page.getByTestId('sidebar').getByText('Рассылки и новости', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Рассылки и новости' }).first()).toBeVisible();
    const words = path.join(copy, 'src/features/newsletters/translations.ts');
    writeFileSync(words, readFileSync(words, 'utf8').replace("title: 'Рассылки и новости'", "title: 'Рассылки и новости, версия разработчика'"));
    await expect(page.getByRole('heading', { name: 'Рассылки и новости, версия разработчика' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('override-banner')).toContainText('Подменён раздел: comms');
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    if (child.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    rmSync(copy, { recursive: true, force: true });
    await portal.stop();
  }
});
