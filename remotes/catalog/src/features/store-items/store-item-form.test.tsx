import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreItem } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import StoreItemCreate from './create';
import StoreItemEdit from './edit';
import { storeItemsArea } from './store-items-slice';
import '../../translations';

const moscow: StoreItem = {
  id: 4, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', warehouse: 'Москва', quantity: 35, reserved: 5, available: 30, updated_at: '2026-11-01T09:00:00Z',
};
const page = (results: unknown[]) => ({ data: { count: results.length, next: null, previous: null, results } });
const products = [{ id: 5, sku: 'ET-DRL-01', name: 'Дрель 12 В' }, { id: 6, sku: 'HT-HMR-01', name: 'Молоток 300 г' }];

function serve(save: (request: SentRequest) => { status?: number; data?: unknown } = () => ({ data: moscow })) {
  return answerWith((request) => {
    if (request.method !== 'GET') return save(request);
    if (request.url === '/api/storeitems/4/') return { data: moscow };
    if (request.url === '/api/storeitems/4/movements/') return page([]);
    if (request.url === '/api/products/') {
      const term = String(request.params.search ?? '').toLowerCase();
      return page(products.filter((p) => !term || `${p.sku} ${p.name}`.toLowerCase().includes(term)));
    }
    return page([moscow]);
  });
}
const routes = { '/catalog/stock': <p>Список склада</p> };

jest.setTimeout(120_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('a new store item: a product found by what is typed, a warehouse and a quantity, sent to /api/storeitem/create/', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve(() => ({ status: 201, data: { ...moscow, id: 9 } }));
  const view = renderScreen(<StoreItemCreate />, { at: '/catalog/stock/new', path: '/catalog/stock/new', base: '/catalog', routes, slices: [storeItemsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Новая складская позиция' })).toBeInTheDocument();
  await user.type(screen.getByRole('combobox', { name: 'Товар' }), 'молот');
  await user.click(await screen.findByTitle('HT-HMR-01 — Молоток 300 г'));
  await user.type(screen.getByRole('combobox', { name: 'Склад' }), 'Казань');
  const quantity = screen.getByRole('spinbutton', { name: 'Остаток' });
  await user.clear(quantity);
  await user.type(quantity, '12');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Список склада')).toBeInTheDocument();
  expect(view.address()).toBe('/catalog/stock');
  expect(screen.getByTestId('answer')).toHaveTextContent(/^Остаток «.+» на складе «.+» заведён$/);
  const post = sent.find((r) => r.method === 'POST')!;
  expect(post.url).toBe('/api/storeitem/create/');
  expect(JSON.parse(String(post.data))).toEqual({ product: 6, warehouse: 'Казань', quantity: 12 });
});

it('a new item\'s quantity «-5» or «12.5» is refused on the field and stays as typed; nothing is sent', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve(() => ({ status: 201, data: { ...moscow, id: 9 } }));
  renderScreen(<StoreItemCreate />, { at: '/catalog/stock/new', path: '/catalog/stock/new', base: '/catalog', routes, slices: [storeItemsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Новая складская позиция' })).toBeInTheDocument();
  await user.type(screen.getByRole('combobox', { name: 'Товар' }), 'молот');
  await user.click(await screen.findByTitle('HT-HMR-01 — Молоток 300 г'));
  await user.type(screen.getByRole('combobox', { name: 'Склад' }), 'Казань');
  const quantity = screen.getByRole('spinbutton', { name: 'Остаток' });
  const field = quantity.closest('.ant-form-item') as HTMLElement;
  for (const [typed, refusal] of [['-5', 'Количество не может быть отрицательным'], ['12.5', 'Только целое число: дробной части у этого товара нет'], ['1000000001', 'Не больше 1 000 000 000']]) {
    await user.clear(quantity);
    await user.type(quantity, typed);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(field).getByText(refusal)).toBeInTheDocument());
    expect(quantity).toHaveValue(typed);
  }
  expect(sent.some((r) => r.method === 'POST')).toBe(false);
});

it('editing changes the product or warehouse only: no quantity is sent (the API keeps the total), a refusal lands on its field', async () => {
  const user = userEvent.setup({ delay: null });
  const refusal = 'Запись с таким значением уже существует.';
  const sent = serve(() => ({ status: 400, data: { message: refusal, code: 'duplicate', fields: { warehouse: [refusal] } } }));
  renderScreen(<StoreItemEdit />, { at: '/catalog/stock/4/edit', path: '/catalog/stock/:id/edit', base: '/catalog', routes, slices: [storeItemsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Остаток: Дрель 12 В, Москва' })).toBeInTheDocument();
  expect(screen.getByText('ET-DRL-01 — Дрель 12 В')).toBeInTheDocument();
  // The total is changed by a movement, not typed over here.
  expect(screen.queryByRole('spinbutton', { name: 'Остаток' })).not.toBeInTheDocument();
  const warehouse = screen.getByRole('combobox', { name: 'Склад' });
  await user.clear(warehouse);
  await user.type(warehouse, 'Тверь');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(screen.getAllByText(refusal).some((error) => error.closest('.ant-form-item')?.contains(warehouse))).toBe(true));
  expect(warehouse).toHaveValue('Тверь');
  const put = sent.find((r) => r.method === 'PUT')!;
  expect(put.url).toBe('/api/storeitems/4/');
  expect(JSON.parse(String(put.data))).toEqual({ id: 4, product: 5, warehouse: 'Тверь' });
});
