import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, chooseFilter } from '@portal/shared/ui/testing';
import ProductsList from './list';
import { productsArea } from './products-slice';
import '../../translations';

const product = (id: number, extra: Partial<Product> = {}): Product => ({
  id, sku: `HT-HMR-0${id}`, name: `Молоток ${id}`, description: '', category: 'Ручной инструмент', unit: 'шт', price: '1390.00',
  is_active: true, available: 12, created_at: '2026-11-01T09:00:00Z', ...extra,
});
const page = (results: unknown[]) => ({ data: { count: results.length, next: null, previous: null, results } });
const categories = { data: [{ name: 'Крепёж', count: 1 }, { name: 'Ручной инструмент', count: 1 }] };
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

jest.setTimeout(120_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('staff see every product from /api/products/, withdrawn ones too, with price, stock and status, and «Экспорт CSV»', async () => {
  const sent = answerWith(({ url }) => (url === '/api/products/categories/' ? categories : page([product(1), product(2, { is_active: false, category: 'Крепёж' })])));
  renderScreen(<ProductsList />, { at: '/catalog', slices: [productsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Каталог' })).toBeInTheDocument();
  await screen.findByText('Молоток 1');
  expect(within(rowOf('Молоток 1')).getByText('1 390,00 ₽')).toBeInTheDocument();
  expect(within(rowOf('Молоток 1')).getByText('Продаётся')).toBeInTheDocument();
  expect(within(rowOf('Молоток 2')).getByText('Снят с продажи')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Молоток 2' })).toHaveAttribute('href', '/catalog/products/2');
  expect(screen.getByRole('button', { name: 'Экспорт CSV' })).toBeInTheDocument();
  expect(sent.find((r) => r.params.page === 1)!).toMatchObject({ url: '/api/products/', params: { page: 1, page_size: 20, ordering: 'name' } });
});

it('category and status filters go into the address and to the API; «Новый товар» and «Изменить» lead to the form', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(({ url }) => (url === '/api/products/categories/' ? categories : page([product(1), product(2, { category: 'Крепёж' })])));
  const view = renderScreen(<ProductsList />, {
    at: '/catalog', path: '/catalog', base: '/catalog', slices: [productsArea.slice],
    routes: { '/catalog/products/new': <p>Форма товара</p>, '/catalog/products/:id/edit': <p>Правка товара</p> },
  });
  await screen.findByText('Молоток 1');
  await chooseFilter(user, 'Статус', 'сняты с продажи');
  await waitFor(() => expect(view.address()).toBe('/catalog?is_active=false'));
  await chooseFilter(user, 'Категория', 'Крепёж');
  await waitFor(() => expect(sent.filter((r) => r.params.page === 1).at(-1)!.params)
    .toEqual({ page: 1, page_size: 20, ordering: 'name', is_active: 'false', category: 'Крепёж' }));

  await user.click(within(rowOf('Молоток 1')).getByRole('button', { name: 'Изменить: Молоток 1' }));
  expect(await screen.findByText('Правка товара')).toBeInTheDocument();
  expect(view.address()).toBe('/catalog/products/1/edit');
});

it('a failed list says why; retry asks again', async () => {
  let fail = true;
  answerWith(({ url, params }) => {
    if (url === '/api/products/categories/') return categories;
    return params.page === 1 && fail ? { status: 500, data: { message: 'Ошибка сервера' } } : page([product(1)]);
  });
  renderScreen(<ProductsList />, { at: '/catalog', slices: [productsArea.slice] });
  expect(await screen.findByText('Ошибка сервера')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Молоток 1')).toBeInTheDocument();
});
