import { test as base, expect, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, startPortal, type RunningPortal } from './portal-server';

/** One server per worker on the built portal; tests that change files start their own. */
export const test = base.extend<{ baseURL: string }, { portal: RunningPortal }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
  portal: [async ({}, use) => {
    const portal = await startPortal();
    await use(portal);
    await portal.stop();
  }, { scope: 'worker', timeout: 90_000 }],
  baseURL: async ({ portal }, use) => use(portal.url),
});

export { expect, ACCOUNTS };

/** Logs in through the login screen; `origin` picks a server other than the worker's. */
export async function logIn(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}
