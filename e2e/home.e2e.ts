// The home that answers "what needs me now" (issue 19): a manager's «Ждут решения» shows a new
// registration request, its count agreeing with the menu's, and opening it leads to its page; a
// dealer's home shows its orders in progress, claims and unread news, and the cart with «Оформить
// заказ»; a news item read from the home leaves its unread list. axe-core judges both homes in
// a11y.e2e.ts.
import { test, expect, ACCOUNTS, apiUser, callApi, freshTaxId, signIn, ownProduct, signedIn } from './fixtures';

test('a manager\'s inbox shows a new registration request, with the menu\'s count, and opening it leads to its page', async ({ page, browser }) => {
  const company = `ООО «Заявка с главной ${Date.now()}»`;
  const response = await page.request.post('/api/regreq/', {
    data: { company_name: company, tax_id: freshTaxId(), contact_name: 'Анна Новикова', email: `inbox-${Date.now()}@example.test`, phone: '+7 495 000-11-22' },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };

  const manager = await signedIn(browser, ACCOUNTS.manager);
  const inbox = manager.getByRole('region', { name: 'Ждут решения' });
  const requests = inbox.getByRole('region', { name: /Заявки на регистрацию/ });
  const link = requests.getByRole('link', { name: company });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/dealers/registrations/${id}`);
  // It has just arrived: the longest waiting are above it, and it waits minutes, not days.
  await expect(requests.getByRole('listitem').filter({ has: manager.getByRole('link', { name: company }) })).toContainText(/ждёт (меньше минуты|\d+ минут)/);
  // The menu counts what the inbox counts (both ask the same list; other stories may add requests meanwhile).
  const menuCount = manager.getByTestId('sidebar').getByRole('menuitem', { name: /Заявки на регистрацию/ }).getByTestId('menu-count');
  await expect.poll(async () => {
    await manager.reload();
    const [widget, menu] = [await requests.getByTestId('widget-count').textContent(), await menuCount.textContent()];
    return widget === menu ? 'equal' : `inbox ${widget}, menu ${menu}`;
  }, { timeout: 30_000 }).toBe('equal');
  // The other inbox widgets are there, each with its count.
  for (const name of [/Новые заказы/, /Запросы на отмену/, /Претензии к рассмотрению/, /Товары заканчиваются/]) {
    await expect(inbox.getByRole('region', { name }).getByTestId('widget-count')).toBeVisible();
  }
  // Cancellation requests and claims count in the menu what waits, as registrations do: the same as their inbox widgets.
  for (const [entry, widget] of [[/^Запросы на отмену/, /Запросы на отмену/], [/^Претензии/, /Претензии к рассмотрению/]] as const) {
    const counted = manager.getByTestId('sidebar').getByRole('menuitem', { name: entry }).getByTestId('menu-count');
    await expect.poll(async () => {
      const [inWidget, inMenu] = [await inbox.getByRole('region', { name: widget }).getByTestId('widget-count').textContent(), await counted.textContent({ timeout: 5_000 }).catch(() => 'none')];
      if (inWidget === inMenu) return 'equal';
      await manager.reload();
      return `inbox ${inWidget}, menu ${inMenu}`;
    }, { timeout: 30_000 }).toBe('equal');
  }
  // Products running out name how many are left.
  await expect(inbox.getByRole('region', { name: /Товары заканчиваются/ }).getByRole('listitem').first()).toContainText(/доступно \d+/);

  await link.click();
  await expect(manager.getByRole('heading', { name: `Заявка: ${company}` })).toBeVisible();
  // Decided, so that no other story finds it waiting.
  await callApi(manager, 'PUT', `/api/regreq/${id}/`, { status: 'rejected', decision_reason: 'Проверка главной страницы' });
  await manager.goto('/');
  await expect(inbox.getByRole('region', { name: /Заявки на регистрацию/ }).getByRole('link', { name: company })).toHaveCount(0);
});

test('a dealer\'s home: orders in progress with their status, claims, unread news leaving the list once read, and the cart with «Оформить заказ»', async ({ page, request }) => {
  const staff = await apiUser(request, ACCOUNTS.manager);
  const product = await ownProduct(staff, { price: '1500.00' });
  await signIn(page, ACCOUNTS.dealer);
  const widgets = page.getByTestId('home-widgets');
  const orders = widgets.getByRole('region', { name: /Заказы в работе/ });
  await expect(orders.getByRole('listitem').first()).toBeVisible();
  await expect(orders.locator('[data-status]').first()).toBeVisible();
  await expect(widgets.getByRole('region', { name: /Отгрузки в пути/ }).getByTestId('widget-count')).toBeVisible();
  await expect(widgets.getByRole('region', { name: /^Претензии/ }).getByTestId('widget-count')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ждут решения' })).toHaveCount(0);
  // A dealer's menu counts nothing that waits for staff.
  await expect(page.getByTestId('sidebar').getByRole('menuitem', { name: /^Претензии/ })).toBeVisible();
  await expect(page.getByTestId('sidebar').getByTestId('menu-count')).toHaveCount(0);

  // A news item opened from the home is read: back home, it is no longer among the unread.
  const news = widgets.getByRole('region', { name: /Непрочитанные новости/ });
  const unread = await callApi<{ count: number; results: Array<{ id: number; title: string }> }>(page, 'GET', '/api/news/?unread=true&ordering=-published_at');
  if (unread.count === 0) {
    await expect(news).toContainText('Пока ничего нет.');
  } else {
    const first = unread.results[0];
    await news.getByRole('link', { name: first.title }).click();
    await expect(page.getByRole('heading', { name: first.title, level: 1 })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Главная' }).click();
    await expect(news.getByTestId('widget-count')).toBeVisible();
    await expect(news.getByRole('link', { name: first.title })).toHaveCount(0);
  }

  // The cart: empty, then one product added in the catalogue, then its line and total with «Оформить заказ».
  const cart = widgets.getByRole('region', { name: /Корзина/ });
  await page.goto(`/catalog/products/${product.id}`);
  await page.getByRole('button', { name: 'В корзину' }).first().click();
  await page.goto('/');
  // (at the dealer's price: its group's discount applies)
  await expect(cart).toContainText(/1 позиция на [\d\s]+,\d\d\s₽/);
  await cart.getByRole('link', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/orders\/cart$/);
});

// axe on both homes with their widgets, light and dark: a11y.e2e.ts (the cabinet's home and contract).

test('on a phone, nothing on a dealer\'s home moves while its widgets\' answers arrive (no layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const seen = window as unknown as { layoutShift: number };
    seen.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) seen.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The unread news answer late, as on a slow network; the other widgets' sources at once.
  await page.route(/\/api\/news\/\?unread=true/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await signIn(page, ACCOUNTS.dealer);
  await expect(page.getByTestId('home-widgets').getByRole('region', { name: /Непрочитанные новости/ }).getByTestId('widget-count')).toBeVisible();
  await expect(page.getByTestId('home-sections')).toBeVisible();
  // Two frames later, every shift of the load has been reported.
  const shift = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { layoutShift: number }).layoutShift)))));
  expect(shift).toBeLessThan(0.01);
});
