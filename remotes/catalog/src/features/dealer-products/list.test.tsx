import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DealerProduct, StoreItem } from '@portal/shared';
import { answerWith, renderScreen, signIn, type SentRequest, chooseFilter } from '@portal/shared/ui/testing';
import { dealerProductsArea } from './dealer-products-slice';
import DealerCatalogue from './list';
import '../../translations';

const product = (id: number, extra: Partial<DealerProduct> = {}): DealerProduct => ({
  id, sku: `EL-CAB-0${id}`, name: `Кабель ВВГ ${id}`, description: 'Медный', category: 'Электрика', unit: 'м', price: '1250.00',
  is_active: true, available: 40, created_at: '2026-11-01T09:00:00Z', dealer_price: '1162.50', discount_percent: '7.00', ...extra,
});
const stockOf = (productId: number): StoreItem[] => [
  { id: 1, product: productId, product_sku: 'EL-CAB-01', product_name: 'Кабель', warehouse: 'Москва', quantity: 30, reserved: 5, available: 25, updated_at: '2026-11-01T09:00:00Z' },
  { id: 2, product: productId, product_sku: 'EL-CAB-01', product_name: 'Кабель', warehouse: 'Санкт-Петербург', quantity: 15, reserved: 0, available: 15, updated_at: '2026-11-01T09:00:00Z' },
];
const page = (results: unknown[]) => ({ data: { count: results.length, next: null, previous: null, results } });

function serve(other: (request: SentRequest) => { status?: number; data?: unknown } | null = () => null) {
  return answerWith((request) => {
    const answer = other(request);
    if (answer) return answer;
    if (request.url === '/api/storeitems/') return page(stockOf(Number(request.params.product)));
    if (request.url === '/api/dp/categories/') return { data: [{ name: 'Инструменты', count: 1 }, { name: 'Электрика', count: 1 }] };
    const products = [product(1), product(2, { name: 'Дрель', available: 0, discount_percent: '0.00', dealer_price: '1250.00' })];
    return page(request.params.in_stock === 'true' ? products.filter((p) => p.available > 0) : products);
  });
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

jest.setTimeout(120_000);
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

it('a dealer sees each product with the list price struck through, its own price and «−7 %», and what is available', async () => {
  const sent = serve();
  renderScreen(<DealerCatalogue />, { at: '/catalog', slices: [dealerProductsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Каталог' })).toBeInTheDocument();
  const row = rowOf(await screen.findByText('Кабель ВВГ 1').then((el) => el.textContent!));
  expect(within(row).getByText('EL-CAB-01')).toBeInTheDocument();
  expect(within(row).getByText('Электрика')).toBeInTheDocument();
  expect(within(row).getByText('1 250,00 ₽').closest('s')).not.toBeNull();
  expect(within(row).getByText('1 162,50 ₽')).toBeInTheDocument();
  expect(within(row).getByText('−7 %')).toBeInTheDocument();
  expect(within(row).getByText('40')).toBeInTheDocument();
  // No discount: the price is not struck through; nothing available says so.
  const drill = rowOf('Дрель');
  expect(within(drill).getAllByText('1 250,00 ₽').every((el) => el.closest('s') === null)).toBe(true);
  expect(within(drill).getByText('Нет в наличии')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Кабель ВВГ 1' })).toHaveAttribute('href', '/catalog/products/1');
  expect(sent.find((r) => r.url === '/api/dp/' && r.params.page === 1)!.params).toEqual({ page: 1, page_size: 20, ordering: 'name' });
});

it('expanding a row shows the stock per warehouse', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  renderScreen(<DealerCatalogue />, { at: '/catalog', slices: [dealerProductsArea.slice] });
  await screen.findByText('Кабель ВВГ 1');
  expect(sent.some((r) => r.url === '/api/storeitems/')).toBe(false);
  await user.click(within(rowOf('Кабель ВВГ 1')).getByRole('button', { name: /expand row|развернуть/i }));
  expect(await screen.findByText('Санкт-Петербург')).toBeInTheDocument();
  expect(rowOf('Санкт-Петербург')).toHaveTextContent('15');
  expect(rowOf('Москва')).toHaveTextContent('25');
  expect(sent.find((r) => r.url === '/api/storeitems/')!.params).toMatchObject({ product: 1 });
});

it('«В корзину» puts the quantity at the dealer\'s price into the cart, and says so', async () => {
  const user = userEvent.setup({ delay: null });
  serve();
  const view = renderScreen(<DealerCatalogue />, { at: '/catalog', slices: [dealerProductsArea.slice] });
  await screen.findByText('Кабель ВВГ 1');
  const row = rowOf('Кабель ВВГ 1');
  const quantity = within(row).getByRole('spinbutton', { name: 'Количество: Кабель ВВГ 1' });
  const add = within(row).getByRole('button', { name: 'В корзину' });
  // No quantity, or 0, adds nothing: the button waits for a whole number from 1.
  await user.clear(quantity);
  expect(add).toBeDisabled();
  await user.type(quantity, '0');
  expect(add).toBeDisabled();
  expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await user.clear(quantity);
  await user.type(quantity, '3');
  expect(quantity).not.toHaveAttribute('aria-invalid');
  await user.click(add);
  expect(await screen.findByText('В корзину добавлено: Кабель ВВГ 1, 3 м')).toBeInTheDocument();
  expect(view.store.getState().cart.items).toEqual([{ product: 1, sku: 'EL-CAB-01', name: 'Кабель ВВГ 1', price: '1162.50', quantity: 3 }]);
});

it('search, category, «в наличии» and sorting go into the address and to the API', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = renderScreen(<DealerCatalogue />, { at: '/catalog', slices: [dealerProductsArea.slice] });
  await screen.findByText('Кабель ВВГ 1');
  await user.type(screen.getByRole('searchbox', { name: 'Поиск по артикулу или названию' }), 'EL-CAB{Enter}');
  await waitFor(() => expect(view.address()).toBe('/catalog?search=EL-CAB'));
  await chooseFilter(user, 'Категория', 'Инструменты');
  await waitFor(() => expect(view.address()).toBe('/catalog?search=EL-CAB&category=%D0%98%D0%BD%D1%81%D1%82%D1%80%D1%83%D0%BC%D0%B5%D0%BD%D1%82%D1%8B'));
  await chooseFilter(user, 'Наличие', 'в наличии');
  await waitFor(() => expect(view.address()).toMatch(/&in_stock=true$/));
  // The API leaves out what is not available.
  await waitFor(() => expect(screen.queryByText('Дрель')).toBeNull());
  await user.click(screen.getAllByText('Цена по прайсу')[0]);
  await waitFor(() => expect(view.address()).toMatch(/ordering=price/));
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/dp/').at(-1)!.params)
    .toEqual({ page: 1, page_size: 20, ordering: 'price', search: 'EL-CAB', category: 'Инструменты', in_stock: 'true' }));
});

it('a failed list says why; retry asks again', async () => {
  let fail = true;
  serve((r) => (r.url === '/api/dp/' && r.params.page === 1 && fail ? { status: 502, data: { message: 'Сервер недоступен' } } : null));
  renderScreen(<DealerCatalogue />, { at: '/catalog', slices: [dealerProductsArea.slice] });
  expect(await screen.findByText('Сервер недоступен')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Кабель ВВГ 1')).toBeInTheDocument();
});

it('«Скачать прайс-лист» downloads the xlsx of the dealer\'s products with the list\'s filters, search and ordering, through the one client', async () => {
  const saved: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => { saved.push(blob); return 'blob:xlsx'; });
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push(this.download); });
  const sent = serve((request) => (request.url === '/api/dp/' && request.params.format === 'xlsx'
    ? { data: new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), headers: { 'content-disposition': 'attachment; filename="price-list-2026-11-27.xlsx"' } }
    : null));
  renderScreen(<DealerCatalogue />, { at: '/catalog?category=Электрика&in_stock=true&search=кабель&ordering=-price&page=2', slices: [dealerProductsArea.slice] });
  await screen.findByText('Кабель ВВГ 1');
  await userEvent.click(screen.getByRole('button', { name: 'Скачать прайс-лист' }));
  await waitFor(() => expect(clicked).toEqual(['price-list-2026-11-27.xlsx']));
  const request = sent.find((r) => r.params.format === 'xlsx')!;
  expect(request.url).toBe('/api/dp/');
  expect(request.params).toEqual({
    format: 'xlsx', category: 'Электрика', in_stock: 'true', search: 'кабель', ordering: '-price',
    fields: 'sku,name,category,unit,price,dealer_price,available',
  });
  expect(request.responseType).toBe('blob');
  expect(request.authorization).toMatch(/^Bearer /);
  expect(saved).toHaveLength(1);
  // The catalogue offers the price list, not a second «Экспорт CSV».
  expect(screen.queryByRole('button', { name: 'Экспорт CSV' })).toBeNull();
  click.mockRestore();
});

it('a refused price list shows the API\'s message; the catalogue stays', async () => {
  serve((request) => (request.params.format === 'xlsx'
    ? { status: 503, data: new Blob([JSON.stringify({ message: 'Сервер сейчас перегружен', code: 'busy' })], { type: 'application/json' }) }
    : null));
  renderScreen(<DealerCatalogue />, { at: '/catalog', slices: [dealerProductsArea.slice] });
  await screen.findByText('Кабель ВВГ 1');
  await userEvent.click(screen.getByRole('button', { name: 'Скачать прайс-лист' }));
  expect(await screen.findByText(/Сервер сейчас перегружен/)).toBeInTheDocument();
  expect(screen.getByText('Кабель ВВГ 1')).toBeInTheDocument();
});

it('a quantity above what is available warns on its own line, and the product still goes to the cart, on back order', async () => {
  const user = userEvent.setup({ delay: null });
  serve();
  const view = renderScreen(<DealerCatalogue />, { at: '/catalog', slices: [dealerProductsArea.slice] });
  await screen.findByText('Кабель ВВГ 1');
  const cable = rowOf('Кабель ВВГ 1');
  const quantity = within(cable).getByRole('spinbutton', { name: 'Количество: Кабель ВВГ 1' });
  await user.clear(quantity);
  await user.type(quantity, '40');
  expect(within(cable).queryByTestId('stock-short')).toBeNull();
  await user.type(quantity, '0');
  expect(within(cable).getByText('Доступно 40 м: остальное — под заказ')).toBeInTheDocument();
  expect(quantity).toHaveAccessibleDescription('Доступно 40 м: остальное — под заказ');
  // Only this line: the other one is untouched, and nothing available says «всё — под заказ» once typed.
  const drill = rowOf('Дрель');
  expect(within(drill).queryByTestId('stock-short')).toBeNull();
  await user.click(within(drill).getByRole('button', { name: 'В корзину' }));
  expect(await screen.findByText('В корзину добавлено: Дрель, 1 м. Сейчас нет в наличии: всё — под заказ')).toBeInTheDocument();
  await user.click(within(cable).getByRole('button', { name: 'В корзину' }));
  expect(await screen.findByText('В корзину добавлено: Кабель ВВГ 1, 400 м. Доступно 40 м: остальное — под заказ')).toBeInTheDocument();
  expect(view.store.getState().cart.items.map((item: { quantity: number }) => item.quantity)).toEqual([1, 400]);
});
