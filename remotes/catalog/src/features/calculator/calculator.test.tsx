import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DealerProduct, StoreItem } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import { dealerProductsArea } from '../dealer-products/dealer-products-slice';
import Calculator from './calculator';
import '../../translations';

const product = (id: number, extra: Partial<DealerProduct> = {}): DealerProduct => ({
  id, sku: `ET-DRL-0${id}`, name: `Дрель ${id}`, description: '', category: 'Электроинструмент', unit: 'шт', price: '4790.00',
  is_active: true, available: 30, created_at: '2026-11-01T09:00:00Z', dealer_price: '4550.50', discount_percent: '5.00', ...extra,
});
const hammer = product(7, { sku: 'HT-HMR-01', name: 'Молоток 300 г', category: 'Ручной инструмент', price: '390.00', dealer_price: '370.50' });
const stock: StoreItem[] = [
  { id: 1, product: 1, product_sku: 'ET-DRL-01', product_name: 'Дрель 1', warehouse: 'Москва', quantity: 25, reserved: 5, available: 20, updated_at: '2026-11-01T09:00:00Z' },
  { id: 2, product: 1, product_sku: 'ET-DRL-01', product_name: 'Дрель 1', warehouse: 'Санкт-Петербург', quantity: 10, reserved: 0, available: 10, updated_at: '2026-11-01T09:00:00Z' },
];
const page = (results: unknown[]) => ({ data: { count: results.length, next: null, previous: null, results } });

function serve() {
  return answerWith(({ url, params }) => {
    if (url === '/api/storeitems/') return page(stock);
    if (url === '/api/dp/1/') return { data: product(1) };
    if (url === '/api/dp/7/') return { data: hammer };
    if (url === '/api/dp/categories/') return { data: [{ name: 'Ручной инструмент', count: 1 }, { name: 'Электроинструмент', count: 2 }] };
    if (params.category === 'Ручной инструмент') return page([hammer]);
    if (params.category) return page([product(1), product(2)]);
    return page([product(1), hammer]);
  });
}

/** Opens the select named `label` and picks the option that reads `option`. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options.at(-1)!);
}
const storedSteps = () => JSON.parse(localStorage.getItem('steps') ?? '[]') as Array<{ key: string; value: unknown; label: string }>;
const stepButton = (name: RegExp) => within(document.querySelector('.ant-steps') as HTMLElement).getByRole('button', { name });

jest.setTimeout(120_000);
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

it('walks category → product → quantity to a result that spells out the prices, the discount, the total and the stock, warning when it is short', async () => {
  const user = userEvent.setup({ delay: null });
  serve();
  const view = renderScreen(<Calculator />, { at: '/catalog/calculator', slices: [dealerProductsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Калькулятор' })).toBeInTheDocument();
  await pick(user, 'Категория товара', 'Электроинструмент');
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  await pick(user, 'Товар', /ET-DRL-01 — Дрель 1/);
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  const quantity = await screen.findByRole('spinbutton', { name: 'Количество' });
  expect(screen.getByText('Доступно: 30 шт')).toBeInTheDocument();
  await user.clear(quantity);
  await user.type(quantity, '40');
  await user.click(screen.getByRole('button', { name: 'Рассчитать' }));

  const result = await screen.findByTestId('calculator-result');
  expect(result).toHaveTextContent('Цена по прайсу4 790,00 ₽');
  expect(result).toHaveTextContent('Скидка вашей группы5 %');
  expect(result).toHaveTextContent('Ваша цена4 550,50 ₽');
  expect(result).toHaveTextContent('Количество40 шт');
  expect(result).toHaveTextContent('Сумма182 020,00 ₽');
  expect(screen.getByText(/Запрошено 40 шт, а доступно только 30 шт/)).toBeInTheDocument();
  expect(await screen.findByText('Санкт-Петербург')).toBeInTheDocument();
  expect(storedSteps()).toEqual([
    { key: 'category', value: 'Электроинструмент', label: 'Электроинструмент' },
    { key: 'product', value: 1, label: 'ET-DRL-01 — Дрель 1' },
    { key: 'quantity', value: 40, label: '40 шт' },
  ]);

  await user.click(screen.getByRole('button', { name: 'В корзину' }));
  expect(await screen.findByText('В корзину добавлено: Дрель 1, 40 шт')).toBeInTheDocument();
  expect(view.store.getState().cart.items).toEqual([{ product: 1, sku: 'ET-DRL-01', name: 'Дрель 1', price: '4550.50', quantity: 40 }]);
});

it('a quantity «12.5» or «-5» is refused on its field and stays as typed; nothing is calculated', async () => {
  const user = userEvent.setup({ delay: null });
  serve();
  renderScreen(<Calculator />, { at: '/catalog/calculator', slices: [dealerProductsArea.slice] });
  await pick(user, 'Категория товара', 'Электроинструмент');
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  await pick(user, 'Товар', /ET-DRL-01 — Дрель 1/);
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  const quantity = await screen.findByRole('spinbutton', { name: 'Количество' });
  const field = quantity.closest('.ant-form-item') as HTMLElement;
  for (const [typed, refusal] of [['12.5', 'Только целое число: дробной части у этого товара нет'], ['-5', 'Количество не может быть отрицательным'], ['1 000 001', 'Не больше 1\u00a0000\u00a0000']]) {
    await user.clear(quantity);
    await user.type(quantity, typed);
    await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
    // The page's text read as words (a no-break space as a space); the description as the field's own.
    await waitFor(() => expect(within(field).getByText(refusal.replace(/\u00a0/g, ' '))).toBeInTheDocument());
    expect(quantity).toHaveValue(typed);
    expect(quantity).toHaveAccessibleDescription(`${refusal} Доступно: 30 шт`);
  }
  expect(screen.queryByTestId('calculator-result')).toBeNull();
  expect(storedSteps().map((s) => s.key)).toEqual(['category', 'product']);
});

it('opens where the stored steps left off (a reload), and going back to change an earlier step discards the later ones', async () => {
  const user = userEvent.setup({ delay: null });
  localStorage.setItem('steps', JSON.stringify([
    { key: 'category', value: 'Электроинструмент', label: 'Электроинструмент' },
    { key: 'product', value: 1, label: 'ET-DRL-01 — Дрель 1' },
    { key: 'quantity', value: 2, label: '2 шт' },
  ]));
  serve();
  renderScreen(<Calculator />, { at: '/catalog/calculator', slices: [dealerProductsArea.slice] });
  expect(await screen.findByTestId('calculator-result')).toHaveTextContent('Сумма9 101,00 ₽');
  expect(screen.queryByText(/Запрошено/)).toBeNull();

  // Back to the quantity by keyboard, and the same choice again keeps the steps.
  stepButton(/Количество/).focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('spinbutton', { name: 'Количество' })).toHaveValue('2');
  expect(screen.getByRole('heading', { name: 'Количество' }).parentElement).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Назад' }));
  // The product chosen before is chosen again once the category's products are in.
  expect(await screen.findByText(/ET-DRL-01 — Дрель 1/)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Далее' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByRole('spinbutton', { name: 'Количество' })).toHaveValue('2');
  await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
  expect(await screen.findByTestId('calculator-result')).toBeInTheDocument();
  expect(storedSteps()).toHaveLength(3);

  // Another category: the product and the quantity go, and the later steps cannot be opened.
  await user.click(stepButton(/Категория/));
  await pick(user, 'Категория товара', 'Ручной инструмент');
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  await waitFor(() => expect(storedSteps()).toEqual([{ key: 'category', value: 'Ручной инструмент', label: 'Ручной инструмент' }]));
  expect(stepButton(/Товар/)).toBeInTheDocument();
  expect(document.querySelectorAll('.ant-steps-item-disabled')).toHaveLength(2);
  await pick(user, 'Товар', /HT-HMR-01/);
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByRole('spinbutton', { name: 'Количество' })).toHaveValue('1');

  await user.click(stepButton(/Категория/));
  await user.click(screen.getByRole('button', { name: 'Далее' }));
  // «Начать заново» is on the result; here the choices stand as they were.
  expect(storedSteps().map((s) => s.key)).toEqual(['category', 'product']);
});

it('a product no longer sold is said so, with the way back to choose another', async () => {
  const user = userEvent.setup({ delay: null });
  localStorage.setItem('steps', JSON.stringify([
    { key: 'category', value: 'Электроинструмент', label: 'Электроинструмент' },
    { key: 'product', value: 9, label: 'ET-DRL-09 — Дрель 9' },
  ]));
  answerWith(({ url }) => (url === '/api/dp/9/' ? { status: 404, data: { message: 'Не найдено.' } } : page([product(1)])));
  renderScreen(<Calculator />, { at: '/catalog/calculator', slices: [dealerProductsArea.slice] });
  expect(await screen.findByText('Товар больше не продаётся. Выберите другой.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Назад' }));
  expect(await screen.findByRole('combobox', { name: 'Товар' })).toBeInTheDocument();
});

it('staff, who have no dealer price, are told the calculator is for dealers, and nothing is asked', async () => {
  signIn(STAFF);
  const sent = serve();
  renderScreen(<Calculator />, { at: '/catalog/calculator', slices: [dealerProductsArea.slice] });
  expect(await screen.findByText('Калькулятор считает по цене дилера: он открыт дилерам.')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});
