import { test, expect, signIn, ACCOUNTS } from './fixtures';
import { DEMO_PASSWORD } from './portal-server';

// These stories watch which files the browser asks for: a fresh context, with nothing of the portal
// in its caches (see `freshContext`).
test.use({ freshContext: true });

test('with the comms code unreachable its menu entries still show, and its area an error panel whose retry works once it is back', async ({ page }) => {
  let blocked = true;
  // The menu is data the page and the registry carry; the remote's JavaScript does not come through.
  await page.route('**/remotes/comms/**/*.js', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  await signIn(page, ACCOUNTS.dealer);
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
  await expect(page.getByTestId('news-list').getByTestId('news-card').first()).toBeVisible();
});

test('the user\'s registry that cannot be read shows one error with a retry where a section it names is opened, while the sections the page carries work', async ({ page }) => {
  let blocked = true;
  await page.route('**/api/remotes/registry/**', (route) => (blocked ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue()));
  // Orders is open to every role: the page itself carries its release and menu.
  await signIn(page, ACCOUNTS.manager, '/orders');
  await expect(page.getByRole('table')).toBeVisible();
  // Dealers is for staff only: it comes with the registry answer.
  await page.goto('/dealers');
  const panel = page.getByTestId('registry-error');
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(/\/dealers$/);
  blocked = false;
  await panel.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('menuitem', { name: 'Дилеры' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('registry-error')).toHaveCount(0);
});

test('drawing the menu downloads no remote code, and a dealer\'s browser never requests a file of the dealers remote', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // Signed in with Enter: a pointer left on «Войти» would rest on the home card drawn there, and a
  // hovered card fetches its remote ahead of the click, as it should.
  await page.goto('/login');
  await page.getByLabel('Эл. почта').fill(ACCOUNTS.dealer);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByLabel('Пароль').press('Enter');
  await expect(page.getByTestId('home-sections').getByRole('link', { name: 'Новости' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const remoteFiles = () => requested.filter((p) => p.startsWith('/remotes'));
  // The menu and the home cards come from the registry's data alone: no remotes.json, no manifest, no code.
  expect(remoteFiles()).toEqual([]);
  await expect(page.getByRole('menuitem', { name: 'Дилеры' })).toHaveCount(0);

  // The dealer opens every section it has, hovers over every entry, and types the staff ones' addresses.
  for (const item of await page.getByTestId('sidebar').getByRole('menuitem').all()) await item.hover();
  for (const path of ['/catalog', '/orders', '/comms', '/comms/documents', '/admin/claims', '/dealers']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await expect(page).toHaveURL(/\/404$/);
  // The dealers remote is for staff: a dealer's registry does not name it, so nothing of it is read.
  // (The admin remote serves dealers their claims, design §13.)
  expect(remoteFiles().filter((p) => p.startsWith('/remotes/dealers/'))).toEqual([]);
  expect(remoteFiles().some((p) => p.startsWith('/remotes/comms/') && p.endsWith('.js'))).toBe(true);
});
