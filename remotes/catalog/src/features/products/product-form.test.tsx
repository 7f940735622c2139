import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import ProductCreate from './create';
import ProductEdit from './edit';
import { productsArea } from './products-slice';
import '../../translations';

const hammer: Product = {
  id: 3, sku: 'HT-HMR-01', name: 'Молоток 300 г', description: 'Кованая головка.', category: 'Ручной инструмент', unit: 'шт', price: '390.00',
  is_active: true, available: 12, created_at: '2026-11-01T09:00:00Z',
};
const page = (results: unknown[]) => ({ data: { count: results.length, next: null, previous: null, results } });

function serve(save: (request: SentRequest) => { status?: number; data?: unknown }) {
  return answerWith((request) => {
    if (request.method !== 'GET') return save(request);
    if (request.url === '/api/products/3/') return { data: hammer };
    if (request.url === '/api/products/categories/') return { data: [{ name: 'Крепёж', count: 1 }, { name: 'Ручной инструмент', count: 1 }] };
    // The SKU check.
    if (request.params.search) return page(request.params.search === 'HT-HMR-01' ? [hammer] : []);
    return page([hammer, { ...hammer, id: 4, category: 'Крепёж' }]);
  });
}
// Literal, so that it does not also match /catalog/products/new.
const routes = { '/catalog/products/9': <p>Страница товара</p>, '/catalog/products/3': <p>Страница товара</p> };

jest.setTimeout(120_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('a new product is sent with its price as a decimal string and opens on its page', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve(() => ({ status: 201, data: { ...hammer, id: 9 } }));
  const view = renderScreen(<ProductCreate />, { at: '/catalog/products/new', path: '/catalog/products/new', base: '/catalog', routes, slices: [productsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Новый товар' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Артикул' }), 'HT-HMR-09');
  await user.type(screen.getByRole('textbox', { name: 'Название' }), 'Молоток 500 г');
  await user.type(screen.getByRole('combobox', { name: 'Категория' }), 'Ручной инструмент');
  await user.type(screen.getByRole('spinbutton', { name: 'Цена' }), '1234,5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Страница товара')).toBeInTheDocument();
  expect(view.address()).toBe('/catalog/products/9');
  expect(screen.getByTestId('answer')).toHaveTextContent(/^Товар «.+» добавлен в каталог$/);
  const post = sent.find((r) => r.method === 'POST')!;
  expect(post.url).toBe('/api/products/');
  expect(JSON.parse(String(post.data))).toEqual({
    sku: 'HT-HMR-09', name: 'Молоток 500 г', description: '', category: 'Ручной инструмент', unit: 'шт', price: '1234.50', is_active: true,
  });
});

it('a SKU another product has is an error on «Артикул», and nothing is sent; empty fields are refused too', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve(() => ({ status: 201, data: hammer }));
  renderScreen(<ProductCreate />, { at: '/catalog/products/new', path: '/catalog/products/new', base: '/catalog', routes, slices: [productsArea.slice] });
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите артикул')).toBeInTheDocument();
  expect(screen.getByText('Введите название')).toBeInTheDocument();
  expect(screen.getByText('Введите цену')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Артикул' }), 'HT-HMR-01');
  await user.type(screen.getByRole('textbox', { name: 'Название' }), 'Дубликат');
  await user.type(screen.getByRole('combobox', { name: 'Категория' }), 'Крепёж');
  await user.type(screen.getByRole('spinbutton', { name: 'Цена' }), '10');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  const error = await screen.findByText('Товар с артикулом «HT-HMR-01» уже есть');
  expect(error.closest('.ant-form-item')).toContainElement(screen.getByRole('textbox', { name: 'Артикул' }));
  expect(sent.some((r) => r.method === 'POST')).toBe(false);
});

it('editing keeps its own SKU, and a field error from the server lands on its field with what was typed kept', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve(() => ({ status: 400, data: { message: 'Проверьте поля.', code: 'invalid', fields: { price: ['Не больше двух знаков после запятой'] } } }));
  renderScreen(<ProductEdit />, { at: '/catalog/products/3/edit', path: '/catalog/products/:id/edit', base: '/catalog', routes, slices: [productsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Товар: Молоток 300 г' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Артикул' })).toHaveValue('HT-HMR-01');
  expect(screen.getByRole('spinbutton', { name: 'Цена' })).toHaveValue('390,00');
  await user.clear(screen.getByRole('textbox', { name: 'Название' }));
  await user.type(screen.getByRole('textbox', { name: 'Название' }), 'Молоток 350 г');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Не больше двух знаков после запятой')).toBeInTheDocument();
  expect(screen.getByText('Проверьте поля.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Название' })).toHaveValue('Молоток 350 г');
  await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
  const put = sent.find((r) => r.method === 'PUT')!;
  expect(put.url).toBe('/api/products/3/');
  expect(JSON.parse(String(put.data))).toMatchObject({ sku: 'HT-HMR-01', name: 'Молоток 350 г', price: '390.00', is_active: true });
});

it('a dealer who follows the address gets «not found», not the form', async () => {
  signIn();
  serve(() => ({ status: 403 }));
  renderScreen(<ProductCreate />, { at: '/catalog/products/new', path: '/catalog/products/new', base: '/catalog', routes, slices: [productsArea.slice] });
  expect(await screen.findByText('Страница не найдена')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Артикул' })).toBeNull();
});

it('is one column on a phone: every field\'s column is the whole width below 768 px (antd\'s xs), as before from md up', async () => {
  serve(() => ({}));
  renderScreen(<ProductCreate />, { at: '/catalog/products/new', path: '/catalog/products/new', base: '/catalog', routes, slices: [productsArea.slice] });
  await screen.findByRole('heading', { name: 'Новый товар' });
  const fields = [
    screen.getByRole('textbox', { name: 'Артикул' }), screen.getByRole('textbox', { name: 'Название' }), screen.getByRole('combobox', { name: 'Категория' }),
    screen.getByRole('textbox', { name: 'Единица' }), screen.getByRole('spinbutton', { name: 'Цена' }), screen.getByRole('switch', { name: 'Продаётся' }),
  ];
  // The grid's column classes are all there is of a layout in jsdom: `xs` below 576 px, `sm` unset, so xs holds up to `md`.
  const columns = fields.map((field) => field.closest('[class*="ant-col-md-"]') as HTMLElement);
  expect(columns.map((column) => column.classList.contains('ant-col-xs-24'))).toEqual([true, true, true, true, true, true]);
  expect(columns.map((column) => [...column.classList].find((name) => name.startsWith('ant-col-md-')))).toEqual(
    ['ant-col-md-8', 'ant-col-md-16', 'ant-col-md-8', 'ant-col-md-4', 'ant-col-md-6', 'ant-col-md-6'],
  );
});
