// The orders remote's two lists as their users go through them (issue 7, items 6 and 8): a dealer
// follows its own shipments and filters them (the filter lives in the address); a manager decides
// cancellation requests from the queue (approving cancels the order, rejecting tells the dealer
// why) and the dealer sees the decisions; «Экспорт CSV» gives every matching row; axe on both.
// The requests decided here are made by the test itself, on orders of its own, so that no other
// story of the same server (which may decide the demo's pending request) can take them away.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, ACCOUNTS, expectNoViolations, useTheme, signedIn, chooseFilter, expectFilter } from './fixtures';
import { DEMO_PASSWORD } from './portal-server';

interface Row { id: number }
interface Page_<T> { count: number; results: T[] }
interface OrderRow extends Row { number: string; status: string }
interface ShippingRow extends Row { order_number: string; status: string }
interface DeletionRequestRow extends Row { status: string }
interface DealerProduct extends Row { dealer_price: string; available: number }

/** Access tokens by user, one login each per worker's server (module state lives in one worker). */
const tokens = new Map<string, { access: string; at: number }>();
/** Access tokens live 5 minutes; one is asked for again well before that. */
const TOKEN_REUSE_MS = 4 * 60_000;

async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const kept = tokens.get(email);
  if (kept && Date.now() - kept.at < TOKEN_REUSE_MS) return kept.access;
  const answer = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.ok(), `POST /api/token/ as ${email}: ${answer.status()}`).toBe(true);
  const { access } = (await answer.json()) as { access: string };
  tokens.set(email, { access, at: Date.now() });
  return access;
}

/** The API as one user, through its token (for the setup and the checks a screen does not show). */
async function apiAs(request: APIRequestContext, email: string) {
  const access = await accessToken(request, email);
  const headers = { Authorization: `Bearer ${access}` };
  const check = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    get: <T>(path: string) => request.get(path, { headers }).then((r) => check<T>(r)),
    post: <T>(path: string, data: object) => request.post(path, { headers, data }).then((r) => check<T>(r)),
    put: <T>(path: string, data: object) => request.put(path, { headers, data }).then((r) => check<T>(r)),
    form: <T>(path: string, form: Record<string, string | number>) => request.post(path, { headers, multipart: form }).then((r) => check<T>(r)),
  };
}

/**
 * A confirmed order of the demo dealer with a pending cancellation request on it: the dealer
 * orders a product in stock (above the demo's minimum of 1 000 ₽), the manager confirms it, the
 * dealer asks to cancel it.
 */
async function pendingCancellation(request: APIRequestContext, reason: string): Promise<OrderRow> {
  const dealer = await apiAs(request, ACCOUNTS.dealer);
  const manager = await apiAs(request, ACCOUNTS.manager);
  const products = await dealer.get<Page_<DealerProduct>>('/api/dp/?page_size=100');
  const product = products.results.reduce((best, p) => (p.available > best.available ? p : best));
  const quantity = Math.ceil(1100 / Number(product.dealer_price));
  expect(product.available).toBeGreaterThanOrEqual(quantity);
  const items = [{ product: product.id, quantity }];
  const order = await dealer.post<OrderRow>('/api/orders/', { items });
  await manager.put(`/api/orders/${order.id}/`, { items, status: 'confirmed' });
  await dealer.form('/api/orderdelreq/', { order: order.id, reason });
  return order;
}

/** The number after «Всего:» above a list. */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByText(/Всего: \d+/).textContent();
  return Number(/Всего: (\d+)/.exec(text ?? '')![1]);
}

/** The rows of a downloaded CSV (`;`-separated, UTF-8 with a BOM), the header first. */
async function csvRows(path: string): Promise<string[]> {
  const text = (await readFile(path, 'utf8')).replace(/^\ufeff/, '');
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

const tableRows = (page: Page) => page.getByRole('main').locator('table tbody tr[data-row-key]');

test('a dealer sees only its own shipments, filters them by status, and the filter survives a reload', async ({ page, request }) => {
  const dealerApi = await apiAs(request, ACCOUNTS.dealer);
  const managerApi = await apiAs(request, ACCOUNTS.manager);
  const own = new Set((await dealerApi.get<Page_<OrderRow>>('/api/orders/?page_size=500')).results.map((o) => o.number));
  const everyone = await managerApi.get<Page_<ShippingRow>>('/api/shippings/?page_size=500');
  const theirs = everyone.results.filter((s) => own.has(s.order_number));
  // The demo has shipments of other dealers too, or this would prove nothing.
  expect(everyone.count).toBeGreaterThan(theirs.length);

  await signIn(page, ACCOUNTS.dealer);
  await page.getByRole('menuitem', { name: 'Отгрузки' }).click();
  await expect(page).toHaveURL(/\/orders\/shipping$/);
  await expect(page.getByRole('heading', { name: 'Отгрузки' })).toBeVisible();
  await expect(page.getByText(/Всего: \d+/)).toBeVisible();
  expect(await totalOf(page)).toBe(theirs.length);
  const numbers = await tableRows(page).getByRole('link').allTextContents();
  expect(numbers.length).toBeGreaterThan(0);
  for (const number of numbers) expect(own.has(number), `${number} is not the dealer's order`).toBe(true);

  const delivered = theirs.filter((s) => s.status === 'delivered').length;
  expect(delivered).toBeGreaterThan(0);
  const filtered = page.waitForResponse((r) => r.url().includes('/api/shippings/') && r.url().includes('status=delivered') && r.status() === 200);
  await chooseFilter(page, 'Статус', 'Доставлена');
  await filtered;
  await expect(page).toHaveURL(/[?&]status=delivered/);
  await expect(tableRows(page)).toHaveCount(Math.min(delivered, 20));
  for (const row of await tableRows(page).all()) await expect(row.getByText('Доставлена')).toBeVisible();

  await page.reload();
  await expectFilter(page, 'Статус', 'Статус: Доставлена');
  await expect(page.getByText(`Всего: ${delivered}`)).toBeVisible();
  await expect(tableRows(page)).toHaveCount(Math.min(delivered, 20));
  for (const row of await tableRows(page).all()) await expect(row.getByText('Доставлена')).toBeVisible();
});

test('a manager approves a cancellation request and the order is cancelled, rejects another with a comment, and the dealer sees both decisions', async ({ browser, request }) => {
  const stamp = Date.now();
  const approveReason = `Клиент передумал, ${stamp}`;
  const rejectReason = `Ошиблись с количеством, ${stamp}`;
  const comment = 'Заказ уже собран и передан на отгрузку.';
  const toApprove = await pendingCancellation(request, approveReason);
  const toReject = await pendingCancellation(request, rejectReason);

  const manager = await signedIn(browser, ACCOUNTS.manager);
  await manager.getByRole('menuitem', { name: 'Запросы на отмену' }).click();
  await expect(manager).toHaveURL(/\/orders\/deletion-requests$/);
  // The manager's screen opens on the queue: pending requests only.
  await expect(manager.getByRole('heading', { name: 'Запросы на отмену' })).toBeVisible();
  const approving = tableRows(manager).filter({ hasText: approveReason });
  await expect(approving.getByText('На рассмотрении')).toBeVisible();
  await approving.getByRole('button', { name: /^Одобрить/ }).click();
  const approveDialog = manager.getByRole('dialog', { name: `Одобрить отмену заказа № ${toApprove.number}?` });
  await expect(approveDialog).toContainText(`Заказ № ${toApprove.number} будет отменён`);
  await approveDialog.getByRole('button', { name: 'Одобрить' }).click();
  await expect(approveDialog).toBeHidden();
  await expect(manager.getByText(`Запрос одобрен: заказ № ${toApprove.number} отменён.`)).toBeVisible();
  // Decided, it leaves the queue; the order itself is cancelled.
  await expect(approving).toHaveCount(0);
  const managerApi = await apiAs(request, ACCOUNTS.manager);
  expect((await managerApi.get<OrderRow>(`/api/orders/${toApprove.id}/`)).status).toBe('cancelled');

  const rejecting = tableRows(manager).filter({ hasText: rejectReason });
  await rejecting.getByRole('button', { name: /^Отклонить/ }).click();
  const rejectDialog = manager.getByRole('dialog', { name: `Отклонить запрос на отмену заказа № ${toReject.number}?` });
  await rejectDialog.getByRole('textbox', { name: 'Комментарий для дилера' }).fill(comment);
  await rejectDialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(rejectDialog).toBeHidden();
  await expect(manager.getByText(`Запрос по заказу № ${toReject.number} отклонён.`)).toBeVisible();
  await expect(rejecting).toHaveCount(0);
  expect((await managerApi.get<OrderRow>(`/api/orders/${toReject.id}/`)).status).toBe('confirmed');
  // All requests, the decided ones too, are a click away.
  await manager.getByText('Все запросы').click();
  await expect(manager).toHaveURL(/[?&]view=all/);
  await expect(tableRows(manager).filter({ hasText: rejectReason }).getByText('Отклонён')).toBeVisible();

  const dealer = await signedIn(browser, ACCOUNTS.dealer);
  await dealer.getByRole('menuitem', { name: 'Запросы на отмену' }).click();
  const rejected = tableRows(dealer).filter({ hasText: rejectReason });
  await expect(rejected.getByText('Отклонён')).toBeVisible();
  await expect(rejected.getByText(comment)).toBeVisible();
  await expect(tableRows(dealer).filter({ hasText: approveReason }).getByText('Одобрен')).toBeVisible();
  await expect(dealer.getByRole('button', { name: /Одобрить|Отклонить/ })).toHaveCount(0);
  // The order link leads to the order's page.
  await expect(rejected.getByRole('link', { name: `Заказ № ${toReject.number}` })).toHaveAttribute('href', `/orders/${toReject.id}`);
});

test('«Экспорт CSV» downloads every row each list matches, with its filter', async ({ browser, request }) => {
  const dealer = await signedIn(browser, ACCOUNTS.dealer, { path: '/orders/shipping?page_size=2' });
  await expect(dealer.getByText(/Всего: \d+/)).toBeVisible();
  const shipments = await totalOf(dealer);
  expect(shipments).toBeGreaterThan(2);
  const downloading = dealer.waitForEvent('download');
  await dealer.getByRole('button', { name: 'Экспорт CSV' }).click();
  const rows = await csvRows((await (await downloading).path())!);
  expect(rows[0]).toContain('Трек-номер');
  expect(rows).toHaveLength(shipments + 1);
  const first = (await tableRows(dealer).first().getByRole('link').textContent())!;
  expect(rows[1]).toContain(first);

  await pendingCancellation(request, `Для выгрузки, ${Date.now()}`);
  const manager = await signedIn(browser, ACCOUNTS.manager, { path: '/orders/deletion-requests?view=all&status=rejected' });
  await expect(manager.getByText(/Всего: \d+/)).toBeVisible();
  const rejected = await totalOf(manager);
  const managerApi = await apiAs(request, ACCOUNTS.manager);
  const all = await managerApi.get<Page_<DeletionRequestRow>>('/api/orderdelreq/?page_size=500');
  expect(rejected).toBe(all.results.filter((r) => r.status === 'rejected').length);
  expect(all.count).toBeGreaterThan(rejected);
  const again = manager.waitForEvent('download');
  await manager.getByRole('button', { name: 'Экспорт CSV' }).click();
  const requests = await csvRows((await (await again).path())!);
  expect(requests[0]).toContain('Причина');
  expect(requests).toHaveLength(rejected + 1);
});

for (const theme of ['default', 'dark'] as const) {
  // The walk of every screen (axe-every-screen.e2e.ts) judges both lists as they first draw; here
  // the deletion requests' «all» view and the reject dialog.
  test(`the deletion requests' «all» view and the reject dialog pass axe-core's WCAG 2.1 A/AA rules, as dealer and as manager, ${theme === 'dark' ? 'dark' : 'light'} theme`, async ({ browser, request }) => {
    await pendingCancellation(request, `Для проверки доступности, ${theme}, ${Date.now()}`);
    for (const email of [ACCOUNTS.dealer, ACCOUNTS.manager]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await useTheme(page, theme);
      await signIn(page, email, '/orders/deletion-requests?view=all');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(/Всего: \d+/)).toBeVisible();
      await expect(page.locator('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
      await expectNoViolations(page, `/orders/deletion-requests?view=all as ${email}, ${theme}`);
      if (email === ACCOUNTS.manager) {
        // The reject dialog, with its comment field and the message of a missing comment, opened
        // from the keyboard: the comment field takes the focus, Enter in it is a new line.
        await page.goto('/orders/deletion-requests');
        await tableRows(page).first().getByRole('button', { name: /^Отклонить/ }).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('textbox', { name: 'Комментарий для дилера' })).toBeFocused();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(dialog.getByRole('button', { name: 'Отклонить' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(dialog.getByText('Напишите дилеру, почему запрос отклонён.')).toBeVisible();
        await expectNoViolations(page, `the reject dialog as ${email}, ${theme}`);
      }
      await context.close();
    }
  });
}
