// axe-core's WCAG 2.1 A/AA rules on the states of the dealer screens where issue 16 measured
// violations that the walk of every screen (axe-every-screen.e2e.ts, which judges the quick order,
// the shipments and the deletion requests as they first draw) does not reach: the new claim opened
// without an order, as a dealer and as staff, and on an order just completed; and the news list on
// a middle page of its pager. Each in the light and the dark theme.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, ACCOUNTS, apiUser, callApi, expectNoViolations, signIn, useTheme } from './fixtures';

interface OrderAnswer { id: number; number: string; items: Array<{ product: number; quantity: number }>; comment: string }

/** A completed order of the dealer (made through the API), the one a claim is filed on. */
async function completedOrder(request: APIRequestContext): Promise<OrderAnswer> {
  const dealer = await apiUser(request, ACCOUNTS.dealer);
  const manager = await apiUser(request, ACCOUNTS.manager);
  const { results } = await callApi<{ results: Array<{ id: number; available: number }> }>(dealer, 'GET', '/api/dp/?ordering=-price&page_size=50');
  const products = results.filter((product) => product.available >= 5).slice(0, 2);
  let order = await callApi<OrderAnswer>(dealer, 'POST', '/api/orders/', { items: products.map((p) => ({ product: p.id, quantity: 3 })), comment: 'e2e axe' });
  for (const status of ['confirmed', 'shipped', 'completed']) {
    order = await callApi<OrderAnswer>(manager, 'PUT', `/api/orders/${order.id}/`, {
      items: order.items.map(({ product, quantity }) => ({ product, quantity })), comment: order.comment, status,
    });
  }
  return order;
}

type Screen = { path: string | ((request: APIRequestContext) => Promise<string>); who: keyof typeof ACCOUNTS; ready(page: Page): Promise<void> };
const claimOnNewOrder = async (request: APIRequestContext) => `/admin/claims/new?order=${(await completedOrder(request)).id}`;
const noOrderReady = (page: Page) => expect(page.getByText('Откройте выполненный или отгруженный заказ', { exact: false })).toBeVisible();
const screens: [string, Screen][] = [
  // Opened without an order: the «404» panel saying where a claim starts.
  ['/admin/claims/new', { path: '/admin/claims/new', who: 'dealer', ready: noOrderReady }],
  ['/admin/claims/new', { path: '/admin/claims/new', who: 'manager', ready: noOrderReady }],
  ['/admin/claims/new?order=…', { path: claimOnNewOrder, who: 'dealer', ready: (page) => expect(page.getByRole('button', { name: 'Отправить претензию' })).toBeVisible() }],
  // Two news a page, so the pager shows (the demo has more than four), on a middle page.
  ['/comms (news with its pager)', { path: '/comms?page=2&page_size=2', who: 'dealer', ready: async (page) => {
    await expect(page.getByTestId('news-list')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Страницы' }).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  } }],
];

for (const theme of ['default', 'dark'] as const) {
  for (const [name, { path, who, ready }] of screens) {
    test(`${name} as ${who} in the ${theme === 'dark' ? 'dark' : 'light'} theme has no WCAG 2.1 A/AA violations`, async ({ page, request }) => {
      const address = typeof path === 'string' ? path : await path(request);
      await useTheme(page, theme);
      await signIn(page, ACCOUNTS[who], address);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await ready(page);
      await expect(page.locator('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
      await page.mouse.move(0, 0);
      await expectNoViolations(page, `${name} (${who}, ${theme})`);
    });
  }
}
