import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage, type DealerProduct } from '@portal/shared';
import { answerWith, renderScreen, signIn } from '@portal/shared/ui/testing';
import { dealerProductsArea } from './dealer-products-slice';
import DealerProductShow from './show';
import '../../translations';

const drill: DealerProduct = {
  id: 5, sku: 'ET-DRL-01', name: 'Дрель 12 В', description: 'Двухскоростной редуктор.\nКейс в комплекте.', category: 'Электроинструмент', unit: 'шт',
  price: '4790.00', is_active: true, available: 30, created_at: '2026-11-01T09:00:00Z', dealer_price: '4550.50', discount_percent: '5.00',
};
const stock = [
  { id: 1, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', warehouse: 'Москва', quantity: 25, reserved: 5, available: 20, updated_at: '2026-11-01T09:00:00Z' },
  { id: 2, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', warehouse: 'Санкт-Петербург', quantity: 10, reserved: 0, available: 10, updated_at: '2026-11-01T09:00:00Z' },
];

jest.setTimeout(60_000);
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

it('a dealer sees the description, both prices with the discount, the stock per warehouse, and adds the product to the cart', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(({ url }) => (url === '/api/storeitems/' ? { data: { count: 2, next: null, previous: null, results: stock } } : { data: drill }));
  const view = renderScreen(<DealerProductShow />, { at: '/catalog/products/5', path: '/catalog/products/:id', slices: [dealerProductsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Дрель 12 В' })).toBeInTheDocument();
  expect(sent[0].url).toBe('/api/dp/5/');
  expect(screen.getByText(/Двухскоростной редуктор/)).toBeInTheDocument();
  expect(screen.getByText('4 790,00 ₽').closest('s')).not.toBeNull();
  expect(screen.getByText('4 550,50 ₽')).toBeInTheDocument();
  expect(screen.getByText('−5 %')).toBeInTheDocument();
  const moscow = (await screen.findByText('Москва')).closest('tr') as HTMLElement;
  expect(within(moscow).getByText('20')).toBeInTheDocument();
  expect(screen.getByText('Итого доступно').closest('tr')).toHaveTextContent('30');
  expect(sent.find((r) => r.url === '/api/storeitems/')!.params).toMatchObject({ product: 5 });

  const quantity = screen.getByRole('spinbutton', { name: 'Количество: Дрель 12 В' });
  await user.clear(quantity);
  await user.type(quantity, '5');
  await user.click(screen.getByRole('button', { name: 'В корзину' }));
  expect(await screen.findByText('В корзину добавлено: Дрель 12 В, 5 шт')).toBeInTheDocument();
  expect(view.store.getState().cart.items).toEqual([{ product: 5, sku: 'ET-DRL-01', name: 'Дрель 12 В', price: '4550.50', quantity: 5 }]);
});

it('a product that is not sold (or not there) is «not found»', async () => {
  answerWith(() => ({ status: 404, data: { message: 'Не найдено.' } }));
  renderScreen(<DealerProductShow />, { at: '/catalog/products/5', path: '/catalog/products/:id', slices: [dealerProductsArea.slice] });
  expect(await screen.findByText('Запись не найдена')).toBeInTheDocument();
});

it('a failed stock call says why and asks again on retry', async () => {
  let fail = true;
  answerWith(({ url }) => {
    if (url !== '/api/storeitems/') return { data: drill };
    return fail ? { status: 502, data: { message: 'Склад недоступен' } } : { data: { count: 2, next: null, previous: null, results: stock } };
  });
  renderScreen(<DealerProductShow />, { at: '/catalog/products/5', path: '/catalog/products/:id', slices: [dealerProductsArea.slice] });
  expect(await screen.findByText('Склад недоступен', {}, { timeout: 5000 })).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Санкт-Петербург')).toBeInTheDocument();
});

it('more than is available says so under the quantity, in English too; the product may still be added', async () => {
  const user = userEvent.setup({ delay: null });
  answerWith(({ url }) => (url === '/api/storeitems/' ? { data: { count: 2, next: null, previous: null, results: stock } } : { data: { ...drill, available: 26 } }));
  act(() => setLanguage('en'));
  try {
    renderScreen(<DealerProductShow />, { at: '/catalog/products/5', path: '/catalog/products/:id', slices: [dealerProductsArea.slice] });
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity: Дрель 12 В' });
    await user.clear(quantity);
    await user.type(quantity, '26');
    expect(screen.queryByTestId('stock-short')).toBeNull();
    await user.type(quantity, '0');
    expect(screen.getByText('26 шт available: the rest on back order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  } finally {
    act(() => setLanguage('ru'));
  }
});

it('in Russian the shortage names the unit as written after a number: «Доступно 26 шт.»', async () => {
  const user = userEvent.setup({ delay: null });
  answerWith(({ url }) => (url === '/api/storeitems/' ? { data: { count: 2, next: null, previous: null, results: stock } } : { data: { ...drill, available: 26 } }));
  renderScreen(<DealerProductShow />, { at: '/catalog/products/5', path: '/catalog/products/:id', slices: [dealerProductsArea.slice] });
  const quantity = await screen.findByRole('spinbutton', { name: 'Количество: Дрель 12 В' });
  await user.clear(quantity);
  await user.type(quantity, '500');
  expect(screen.getByText('Доступно 26 шт.: остальное — под заказ')).toBeInTheDocument();
});

it('«1,5», «-5» or more than a line holds is refused under the quantity and stays as typed; nothing goes to the cart', async () => {
  const user = userEvent.setup({ delay: null });
  answerWith(({ url }) => (url === '/api/storeitems/' ? { data: { count: 2, next: null, previous: null, results: stock } } : { data: drill }));
  const view = renderScreen(<DealerProductShow />, { at: '/catalog/products/5', path: '/catalog/products/:id', slices: [dealerProductsArea.slice] });
  const quantity = await screen.findByRole('spinbutton', { name: 'Количество: Дрель 12 В' });
  for (const [typed, refusal] of [['1,5', 'Только целое число: дробной части у этого товара нет'], ['-5', 'Количество не может быть отрицательным'], ['1000001', 'Не больше 1\u00a0000\u00a0000']]) {
    await user.clear(quantity);
    await user.type(quantity, typed);
    expect(quantity).toHaveValue(typed);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(refusal);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'В корзину' })).toBeDisabled();
  }
  expect(quantity).toHaveValue('1000001');
  expect(view.store.getState().cart.items).toEqual([]);
});
