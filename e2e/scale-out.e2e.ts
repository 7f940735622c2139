// Scale-out, proven (design §7, issue 9 item 8): the portal through Debian's nginx with
// deploy/nginx.conf in front of two API processes on one PostgreSQL. A dealer signs in, the page
// refreshes its expired access token, uploads a document and downloads it, and lists; then one API
// process is killed and the other keeps serving the portal. CI has nginx and PostgreSQL (.ci/run
// installs and starts them): where either is missing this file fails and says what to install.
import { readFile } from 'node:fs/promises';
// The suite's own `test`, so that the story runs in a worker the others already started rather
// than in one of its own started for it alone once they are done.
import { ACCOUNTS, expect, expireAccessToken, logIn, test } from './fixtures';
import { missingForScaleOut, startNginxCluster, type NginxCluster } from './nginx-cluster';

test.describe.configure({ mode: 'serial' });

let cluster: NginxCluster;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const missing = missingForScaleOut();
  if (missing.length) throw new Error(`The scale-out test cannot run: this machine lacks ${missing.join('; ')}.`);
  cluster = await startNginxCluster();
});

test.afterAll(async () => { await cluster?.stop(); });

test('through nginx a dealer signs in, the token is refreshed, a document goes up and comes back, the list shows it', async ({ page }) => {
  await logIn(page, ACCOUNTS.dealer, cluster.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();

  // The access token run out: an expired copy of it, signed as the API signs, rather than a wait
  // for a 3-second one to expire (the page's client reuses a refresh for 10 s, spec §9, so the rest
  // of the story had to end within 3 s of it, too little on a loaded machine). The next call
  // answers 401 and the page refreshes once.
  await expireAccessToken(page, cluster.jwtSecret);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/token/refresh/') && r.status() === 200);
  const listed = page.waitForResponse((r) => r.url().includes('/api/attachments/') && r.status() === 200);
  await page.getByRole('menuitem', { name: 'Документы' }).click();
  await refreshed;
  await listed;
  await expect(page.getByRole('row').filter({ hasText: 'Прайс-лист.csv' })).toBeVisible();

  const name = `Акт через nginx ${Date.now()}.txt`;
  const bytes = Buffer.from(`Акт сверки, отправленный через nginx ${Date.now()}`);
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: bytes });
  await expect(page.getByText(`Файл «${name}» загружен`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Скачать' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  expect((await readFile((await download.path())!)).equals(bytes)).toBe(true);

  // A new page load lists it too, whichever process answers.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('one API process stops and the other keeps serving the portal through nginx', async ({ page, browser }) => {
  await logIn(page, ACCOUNTS.manager, cluster.url);
  await expect(page.getByTestId('sidebar')).toBeVisible();

  cluster.killApi(0);

  // Page loads, the remotes' files and API calls: each would have gone to either process.
  for (let i = 0; i < 3; i += 1) {
    await page.goto(`${cluster.url}/comms/documents`);
    await expect(page.getByRole('row').filter({ hasText: 'Прайс-лист.csv' })).toBeVisible();
  }
  // A sign-in after the stop (a POST) and a token refresh go through as well.
  const context = await browser.newContext({ locale: 'ru-RU', reducedMotion: 'reduce' });
  try {
    const dealer = await context.newPage();
    await logIn(dealer, ACCOUNTS.dealer, cluster.url);
    await expect(dealer.getByTestId('sidebar')).toBeVisible();
    await expireAccessToken(dealer, cluster.jwtSecret);
    const refreshed = dealer.waitForResponse((r) => r.url().endsWith('/api/token/refresh/') && r.status() === 200);
    await dealer.getByRole('menuitem', { name: 'Документы' }).click();
    await refreshed;
    await expect(dealer.getByRole('row').filter({ hasText: 'Прайс-лист.csv' })).toBeVisible();
  } finally {
    await context.close();
  }
});
