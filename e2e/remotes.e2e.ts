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

test('with the comms code unreachable its menu entries still show, and its area an error panel whose retry works once it is back', async ({ page }) => {
  let blocked = true;
  // The manifest (menu data) comes through; the remote's JavaScript does not.
  await page.route('**/remotes/comms/*.js', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  await logIn(page, ACCOUNTS.dealer);
  await expect(page.getByRole('menuitem', { name: 'Документы' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Новости' }).click();
  const panel = page.getByTestId('remote-error-comms');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Новости');
  // Its entries and the other remotes' entries stay.
  await expect(page.getByRole('menuitem', { name: 'Новости' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  blocked = false;
  await panel.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('news-list').locator('.ant-card').first()).toBeVisible();
});

test('with the comms manifest unreachable the others work, and its area offers a retry', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/comms/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  await logIn(page, ACCOUNTS.dealer);
  await page.goto('/comms');
  const panel = page.getByTestId('remote-error-comms');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  blocked = false;
  await panel.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('news-list').locator('.ant-card').first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Новости' })).toBeVisible();
});

test('a registry (remotes.json) that cannot be read shows one error with a retry, not a 404 per section', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes.json*', (route) => (blocked ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue()));
  await logIn(page, ACCOUNTS.dealer);
  await page.goto('/orders');
  const panel = page.getByTestId('registry-error');
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  blocked = false;
  await panel.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  await expect(page.getByTestId('registry-error')).toHaveCount(0);
});

test('drawing the menu downloads no remote code, and a dealer\'s browser never requests a file of the dealers remote', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await logIn(page, ACCOUNTS.dealer);
  await expect(page.getByTestId('home-sections').getByRole('link', { name: 'Новости' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const remoteFiles = () => requested.filter((p) => p.startsWith('/remotes/'));
  // The menu and the home cards come from the manifests alone.
  expect(remoteFiles().filter((p) => !p.endsWith('/mf-manifest.json'))).toEqual([]);
  await expect(page.getByRole('menuitem', { name: 'Дилеры' })).toHaveCount(0);

  // The dealer opens every section it has, hovers over every entry, and types the staff ones' addresses.
  for (const item of await page.getByTestId('sidebar').getByRole('menuitem').all()) await item.hover();
  for (const path of ['/catalog', '/orders', '/comms', '/comms/documents', '/admin/claims', '/dealers']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page).toHaveURL(/\/404$/);
  // The registry keeps the dealers remote for staff: not even its manifest is read. (The admin
  // remote serves dealers their claims, design §13.)
  expect(remoteFiles().filter((p) => p.startsWith('/remotes/dealers/'))).toEqual([]);
  expect(remoteFiles().some((p) => p.startsWith('/remotes/comms/') && p.endsWith('.js'))).toBe(true);
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
