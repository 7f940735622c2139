// The catalog remote as its users go through it (issue 7): a dealer finds a product by SKU, sees
// its price and stock and adds it to the cart; the calculator walks its steps, survives a reload,
// going back discards the later steps, and adds to the cart; a manager creates, edits and withdraws
// a product (a taken SKU is an error on its field) and keeps the stock; a list's search and filter
// survive a reload; and every catalog screen passes axe, as dealer and as manager, light and dark.
import type { Page } from '@playwright/test';
import { test, expect, signIn, ACCOUNTS, expectNoViolations, useTheme, chooseFilter, expectFilter } from './fixtures';

interface StoredCartItem { product: number; sku: string; name: string; price: string; quantity: number }
const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as StoredCartItem[]);
const storedSteps = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('steps') ?? '[]') as Array<{ key: string; value: unknown }>);

/** Picks an option of an antd select by its text (its options are drawn as titled items). */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

const SKU = 'ET-DRL-01';
const DRILL = 'Дрель-шуруповёрт аккумуляторная 12 В, 2 А·ч';

test('a dealer finds a product by SKU, sees its price with the group discount and the stock per warehouse, and adds it to the cart', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer);
  await page.getByRole('menuitem', { name: 'Каталог' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { name: 'Каталог' })).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().includes('/api/dp/') && r.url().includes(`search=${SKU}`) && r.status() === 200);
  await page.getByRole('searchbox', { name: 'Поиск по артикулу или названию' }).fill(SKU);
  const [product] = ((await (await answer).json()) as { results: Array<{ id: number; price: string; dealer_price: string; available: number }> }).results;
  await expect(page).toHaveURL(new RegExp(`search=${SKU}`));

  const row = page.getByRole('row').filter({ hasText: SKU });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: DRILL })).toBeVisible();
  // «Базовые партнёры» buy at 5 % off: the list price is struck through.
  await expect(row.locator('s')).toHaveText(/\d[\d\s]*,\d{2}\s₽/);
  await expect(row.getByText('−5 %')).toBeVisible();
  expect(Number(product.dealer_price)).toBeCloseTo(Number(product.price) * 0.95, 2);
  await expect(row.getByRole('cell', { name: String(product.available), exact: true })).toBeVisible();

  await row.getByRole('button', { name: /развернуть строку/i }).click();
  const stock = page.locator('.plain-table-expanded-row');
  await expect(stock.getByRole('cell', { name: 'Москва, склад № 1', exact: true })).toBeVisible();
  await expect(stock.getByRole('cell', { name: 'Санкт-Петербург, склад № 2', exact: true })).toBeVisible();
  await expectNoViolations(page, '/catalog with a row expanded (dealer)');

  await row.getByRole('spinbutton', { name: `Количество: ${DRILL}` }).fill('2');
  await row.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByText(`В корзину добавлено: ${DRILL}, 2 шт`)).toBeVisible();
  expect(await storedCart(page)).toEqual([{ product: product.id, sku: SKU, name: DRILL, price: product.dealer_price, quantity: 2 }]);

  // The product page: description, prices, stock per warehouse, «В корзину».
  await row.getByRole('link', { name: DRILL }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/products/${product.id}$`));
  await expect(page.getByRole('heading', { name: DRILL })).toBeVisible();
  await expect(page.getByText('Двухскоростной редуктор')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Москва, склад № 1', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByText(`В корзину добавлено: ${DRILL}, 1 шт`)).toBeVisible();
  expect((await storedCart(page))[0].quantity).toBe(3);
  // «Назад» returns to the searched list.
  await page.getByRole('link', { name: 'В каталог' }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog\\?search=${SKU}$`));
});

test('the calculator walks category → product → quantity → result, survives a reload, discards later steps when an earlier one changes, and adds to the cart', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer);
  await page.getByRole('menuitem', { name: 'Калькулятор' }).click();
  await expect(page).toHaveURL(/\/catalog\/calculator$/);
  await expect(page.getByRole('heading', { name: 'Калькулятор' })).toBeVisible();

  await choose(page, 'Категория товара', 'Электроинструмент');
  await page.getByRole('button', { name: 'Далее' }).click();
  await choose(page, 'Товар', SKU);
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('spinbutton', { name: 'Количество' }).fill('100000');
  await page.getByRole('button', { name: 'Рассчитать' }).click();

  const result = page.getByTestId('calculator-result');
  await expect(result).toContainText(DRILL);
  await expect(result).toContainText('Скидка вашей группы5 %');
  await expect(result).toContainText(/100\s000\sшт/);
  await expect(page.getByText(/Запрошено 100\s000 шт, а доступно только [\d\s]+ шт/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Москва, склад № 1', exact: true })).toBeVisible();
  await expectNoViolations(page, 'the calculator\'s result (dealer)');

  await page.reload();
  await expect(result).toContainText(DRILL);
  expect((await storedSteps(page)).map((s) => s.key)).toEqual(['category', 'product', 'quantity']);

  // Back to the quantity from the steps bar, by keyboard: a smaller quantity, no warning.
  await page.locator('.ant-steps').getByRole('button', { name: /Количество/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('spinbutton', { name: 'Количество' }).fill('2');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(result).toContainText('2 шт');
  await expect(page.getByText(/Запрошено/)).toHaveCount(0);

  // Another category: the product and the quantity are gone.
  await page.locator('.ant-steps').getByRole('button', { name: /Категория/ }).click();
  await choose(page, 'Категория товара', 'Ручной инструмент');
  await page.getByRole('button', { name: 'Далее' }).click();
  expect(await storedSteps(page)).toEqual([{ key: 'category', value: 'Ручной инструмент', label: 'Ручной инструмент' }]);
  await expect(page.getByRole('combobox', { name: 'Товар', exact: true })).toHaveValue('');
  await expect(page.locator('.ant-steps-item-disabled')).toHaveCount(2);

  await choose(page, 'Товар', 'Молоток');
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('spinbutton', { name: 'Количество' }).fill('4');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(result).toContainText('Молоток');
  await page.getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByText(/В корзину добавлено: Молоток .*, 4 шт/)).toBeVisible();
  const cart = await storedCart(page);
  expect(cart).toHaveLength(1);
  expect(cart[0]).toMatchObject({ quantity: 4, name: expect.stringContaining('Молоток') });
});

test('a manager creates a product, is told on the field that its SKU is taken, edits it, withdraws it, and keeps its stock', async ({ page }) => {
  const sku = `E2E-${Date.now()}`;
  await signIn(page, ACCOUNTS.manager);
  await page.getByRole('menuitem', { name: 'Каталог' }).click();
  await expect(page.getByRole('button', { name: 'Экспорт CSV' })).toBeVisible();
  await page.getByRole('button', { name: 'Новый товар' }).click();
  await expect(page).toHaveURL(/\/catalog\/products\/new$/);
  await page.getByRole('textbox', { name: 'Артикул' }).fill(sku);
  await page.getByRole('textbox', { name: 'Название' }).fill('Стремянка алюминиевая 5 ступеней');
  await page.getByRole('combobox', { name: 'Категория' }).fill('Лестницы');
  await page.getByRole('spinbutton', { name: 'Цена' }).fill('3490,50');
  await page.getByRole('textbox', { name: 'Описание' }).fill('Широкие ступени, замок от складывания.');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/catalog\/products\/\d+$/);
  const id = Number(/products\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: 'Стремянка алюминиевая 5 ступеней' })).toBeVisible();
  await expect(page.getByText('3 490,50 ₽')).toBeVisible();
  await expect(page.getByText('Продаётся')).toBeVisible();

  // The same SKU again: the error stands on «Артикул», and nothing is sent.
  await page.goto('/catalog/products/new');
  await page.getByRole('textbox', { name: 'Артикул' }).fill(sku);
  await page.getByRole('textbox', { name: 'Название' }).fill('Дубликат');
  await page.getByRole('combobox', { name: 'Категория' }).fill('Лестницы');
  await page.getByRole('spinbutton', { name: 'Цена' }).fill('10');
  const posts: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/api/products/')) posts.push(r.url()); });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const skuField = page.locator('.ant-form-item').filter({ has: page.getByRole('textbox', { name: 'Артикул' }) });
  await expect(skuField.getByText(`Товар с артикулом «${sku}» уже есть`)).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\/products\/new$/);
  expect(posts).toEqual([]);

  await page.goto(`/catalog/products/${id}`);
  await page.getByRole('button', { name: 'Изменить' }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/products/${id}/edit$`));
  await page.getByRole('textbox', { name: 'Название' }).fill('Стремянка алюминиевая 6 ступеней');
  await page.getByRole('spinbutton', { name: 'Цена' }).fill('3990');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/products/${id}$`));
  await expect(page.getByRole('heading', { name: 'Стремянка алюминиевая 6 ступеней' })).toBeVisible();
  await expect(page.getByText('3 990,00 ₽')).toBeVisible();

  await page.getByRole('button', { name: 'Снять с продажи' }).click();
  const dialog = page.getByRole('dialog', { name: 'Снять «Стремянка алюминиевая 6 ступеней» с продажи?' });
  await dialog.getByRole('button', { name: 'Снять с продажи' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Снят с продажи')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Вернуть в продажу' })).toBeVisible();

  // «Склад»: a new store item for the product, then its quantity changed, then deleted.
  await page.getByRole('menuitem', { name: 'Склад' }).click();
  await expect(page).toHaveURL(/\/catalog\/stock$/);
  await page.getByRole('button', { name: 'Новая позиция' }).click();
  await expect(page).toHaveURL(/\/catalog\/stock\/new$/);
  await page.getByRole('combobox', { name: 'Товар' }).fill(sku);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: sku }).click();
  await page.getByRole('combobox', { name: 'Склад' }).fill('Казань, склад № 3');
  // The opening quantity is the shared quantity field: what is typed is taken or refused, never rounded.
  await page.getByRole('spinbutton', { name: 'Остаток' }).fill('12');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/catalog\/stock$/);
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(sku);
  const row = page.getByRole('row').filter({ hasText: sku });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Казань, склад № 3', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '12', exact: true }).first()).toBeVisible();

  // The total changes only by a movement: a correction with its reason, kept in the item's history.
  await row.getByRole('button', { name: 'Изменить' }).click();
  await expect(page).toHaveURL(/\/catalog\/stock\/\d+\/edit$/);
  await page.getByRole('button', { name: 'Корректировка' }).click();
  await page.getByRole('spinbutton', { name: /Новый остаток/ }).fill('20');
  await page.getByRole('textbox', { name: 'Причина' }).fill('Пересчёт');
  await page.getByRole('button', { name: 'Записать корректировку' }).click();
  await expect(page.getByText(/Корректировка записана: остаток 20/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Пересчёт', exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Склад' }).click();
  await expect(page).toHaveURL(/\/catalog\/stock$/);
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(sku);
  await expect(row.getByRole('cell', { name: '20', exact: true }).first()).toBeVisible();

  // The product's page counts it.
  await row.getByRole('link').click();
  await expect(page.getByRole('cell', { name: 'Казань, склад № 3', exact: true })).toBeVisible();
  await page.goBack();
  await row.getByRole('button', { name: 'Удалить' }).click();
  const remove = page.getByRole('dialog', { name: /Удалить остаток/ });
  await remove.getByRole('button', { name: 'Удалить' }).click();
  await expect(remove).toBeHidden();
  await expect(row).toHaveCount(0);
});

test('a list\'s search and filters survive a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.dealer, '/catalog');
  await expect(page.getByText(/Всего: \d+/)).toBeVisible();
  await chooseFilter(page, 'Категория', 'Ручной инструмент');
  await expect(page).toHaveURL(/category=/);
  await chooseFilter(page, 'Наличие', 'в наличии');
  await expect(page).toHaveURL(/in_stock=true/);
  await page.getByRole('searchbox', { name: 'Поиск по артикулу или названию' }).fill('молоток');
  await expect(page).toHaveURL(/search=/);
  const categoryCells = page.getByRole('row').locator('td:nth-child(4)');
  await expect(page.getByRole('row').filter({ hasText: 'Молоток' }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Поиск по артикулу или названию' })).toHaveValue('молоток');
  await expectFilter(page, 'Категория', 'Категория: Ручной инструмент');
  await expectFilter(page, 'Наличие', 'Наличие: в наличии');
  await expect(page.getByRole('row').filter({ hasText: 'Молоток' }).first()).toBeVisible();
  for (const text of await categoryCells.allTextContents()) expect(text).toBe('Ручной инструмент');
});

// The walk of every screen (axe-every-screen.e2e.ts) judges the catalog's screens as a dealer and as
// staff; the stock entry's own form, new and edited, is reached only from the stock list.
for (const theme of ['default', 'dark'] as const) {
  test(`the stock entry's form, new and edited, passes axe-core's WCAG 2.1 A/AA rules, ${theme === 'dark' ? 'dark' : 'light'} theme`, async ({ page }) => {
    await useTheme(page, theme);
    const screens = ['/catalog/stock/new', '/catalog/stock/1/edit'];
    await signIn(page, ACCOUNTS.manager, screens[0]);
    for (const screen of screens) {
      if (screen !== screens[0]) await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]')).toHaveCount(0);
      await expectNoViolations(page, `${screen} as the manager, ${theme}`);
    }
  });
}
