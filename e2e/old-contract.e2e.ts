// A remote built on the oldest contract the portal still accepts (design §3 "Versioning the
// contract", issue 32 item 6): the comms remote as built at contract 2.2.0 (e2e/old-contract/, how it
// was made is in its README), deployed with today's `portal-remote deploy` through today's gate, and
// its screens run in today's host: a dealer reads the news and a news item and opens the documents,
// a manager the newsletters, with no error panel and no error on the console.
import path from 'node:path';
import { test, expect, logIn, ACCOUNTS } from './fixtures';
import { deployKey, liveOf, portalRemote } from './deploys';
import { ROOT, startPortal } from './portal-server';

const OLD_BUILD = path.join(ROOT, 'e2e/old-contract/comms-2.2.0');

test('a comms built on contract 2.2.0 deploys through today\'s gate and its screens work in today\'s host', async ({ browser }) => {
  test.setTimeout(120_000);
  const portal = await startPortal();
  try {
    const before = await liveOf(portal, 'comms');
    const deployed = await portalRemote(OLD_BUILD, ['deploy', '--portal', portal.url, '--key', await deployKey(portal), '--dir', OLD_BUILD]);
    expect(deployed.output).toMatch(/comms is live at release \S+/);
    expect(deployed.code).toBe(0);
    const live = await liveOf(portal, 'comms');
    expect(live).not.toBe(before);

    for (const [account, heading] of [[ACCOUNTS.dealer, 'Новости'], [ACCOUNTS.manager, 'Рассылки и новости']] as const) {
      const context = await browser.newContext({ locale: 'ru-RU' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
      const fromOld: string[] = [];
      page.on('requestfinished', (request) => { if (request.url().includes(`/remotes/comms/${live}/`)) fromOld.push(request.url()); });
      await logIn(page, account, portal.url);
      await page.goto(`${portal.url}/comms`);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
      if (account === ACCOUNTS.dealer) {
        // A news item opens from the list and leads back.
        const first = page.getByRole('main').getByRole('link').first();
        await expect(first).toBeVisible();
        await first.click();
        await expect(page).toHaveURL(/\/comms\/news\/\d+$/);
        await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      } else {
        await expect(page.getByRole('main').getByRole('table')).toBeVisible();
      }
      await page.getByTestId('sidebar').getByText('Документы', { exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Документы', exact: true })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Прайс-лист.csv' })).toBeVisible();
      // The screens came from the old release, and nothing failed.
      expect(fromOld.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
      await expect(page.getByText('не загрузился')).toHaveCount(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  } finally {
    await portal.stop();
  }
});
