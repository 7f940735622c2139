import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, logIn, ACCOUNTS } from './fixtures';
import { copyDist, ROOT, startPortal } from './portal-server';
import { CONTRACT_VERSION } from '../shared/src/version';

/** A contract major the portal does not speak. */
const OTHER_MAJOR = `${Number(CONTRACT_VERSION.split('.')[0]) + 1}.0.0`;


/** A remote team's deploy: build comms (from `src`, with `env`) straight into a served folder. */
function deployComms(dist: string, { src, env = {} }: { src?: string; env?: Record<string, string> } = {}) {
  const args = ['scripts/build.mjs', 'comms', '--out', path.join(dist, 'remotes/comms')];
  if (src) args.push('--src', src);
  execFileSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
}

test('with the comms files unreachable the layout and its error panel show, and retry works once they are back', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/comms/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  await logIn(page, ACCOUNTS.dealer);
  await page.goto('/comms');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const panel = page.getByTestId('remote-error-comms');
  await expect(panel).toBeVisible();
  // The other remotes keep working.
  await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  blocked = false;
  await panel.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('news-list').locator('.ant-card').first()).toBeVisible();
});

test('a rebuilt comms remote whose files are replaced while the server runs shows on the next page load', async ({ page }) => {
  test.setTimeout(180_000);
  const portal = await startPortal({ dist: copyDist() });
  const src = mkdtempSync(path.join(ROOT, '.tmp/comms-src-'));
  try {
    await logIn(page, ACCOUNTS.dealer, portal.url);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto(`${portal.url}/comms`);
    await expect(page.getByRole('heading', { name: 'Новости', exact: true })).toBeVisible();

    cpSync(path.join(ROOT, 'remotes/comms'), src, { recursive: true, filter: (p) => !p.includes('node_modules') });
    const translations = path.join(src, 'src/translations.ts');
    writeFileSync(translations, readFileSync(translations, 'utf8').replace("title: 'Новости'", "title: 'Новости компании'"));
    deployComms(portal.dist, { src });

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Новости компании' })).toBeVisible();
  } finally {
    rmSync(src, { recursive: true, force: true });
    await portal.stop();
  }
});

test('a remote built against another contract major version is refused with a visible message', async ({ page }) => {
  test.setTimeout(180_000);
  const dist = copyDist();
  deployComms(dist, { env: { PORTAL_CONTRACT_VERSION: OTHER_MAJOR } });
  const portal = await startPortal({ dist });
  try {
    await logIn(page, ACCOUNTS.dealer, portal.url);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.goto(`${portal.url}/comms`);
    const refused = page.getByTestId('remote-refused-comms');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(OTHER_MAJOR);
    await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  } finally {
    await portal.stop();
  }
});
