import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreItem } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest, chooseFilter } from '@portal/shared/ui/testing';
import StockList from './list';
import { storeItemsArea } from './store-items-slice';
import '../../translations';

const item = (id: number, warehouse: string, extra: Partial<StoreItem> = {}): StoreItem => ({
  id, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', warehouse, quantity: 35, reserved: 5, available: 30, updated_at: '2026-11-01T09:00:00Z', ...extra,
});
const items = [item(1, 'Москва'), item(2, 'Санкт-Петербург', { quantity: 10, reserved: 0, available: 10 })];
const page = (results: unknown[]) => ({ data: { count: results.length, next: null, previous: null, results } });
const rowOf = (text: string) => screen.getAllByText(text).map((el) => el.closest('tr')).find((tr) => tr?.closest('tbody')) as HTMLElement;

jest.setTimeout(120_000);
afterEach(() => localStorage.clear());

it('staff see stock by product and warehouse, search it, filter by warehouse, and delete with a confirm', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  const sent = answerWith((request) => {
    if (request.method === 'DELETE') { changes.push(request); return { status: 204 }; }
    return page(items);
  });
  const view = renderScreen(<StockList />, { at: '/catalog/stock', path: '/catalog/stock', base: '/catalog', slices: [storeItemsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Склад' })).toBeInTheDocument();
  await screen.findAllByText('Дрель 12 В');
  expect(within(rowOf('Санкт-Петербург')).getAllByRole('cell').slice(0, 6).map((c) => c.textContent))
    .toEqual(['ET-DRL-01', 'Дрель 12 В', 'Санкт-Петербург', '10', '0', '10']);
  expect(within(rowOf('Москва')).getByRole('link', { name: 'Дрель 12 В' })).toHaveAttribute('href', '/catalog/products/5');

  await user.type(screen.getByRole('searchbox'), 'ET-DRL{Enter}');
  await waitFor(() => expect(view.address()).toBe('/catalog/stock?search=ET-DRL'));
  await chooseFilter(user, 'Склад', 'Москва');
  await waitFor(() => expect(sent.filter((r) => r.params.page === 1).at(-1)!.params)
    .toEqual({ page: 1, page_size: 20, ordering: 'product', search: 'ET-DRL', warehouse: 'Москва' }));

  await user.click(within(rowOf('Москва')).getByRole('button', { name: 'Удалить' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Удалить остаток «Дрель 12 В» на складе «Москва»?');
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(changes[0]).toMatchObject({ method: 'DELETE', url: '/api/storeitems/1/' });
});

it('a dealer who follows the address gets «not found»', async () => {
  signIn();
  const sent = answerWith(() => page(items));
  renderScreen(<StockList />, { at: '/catalog/stock', path: '/catalog/stock', base: '/catalog', slices: [storeItemsArea.slice] });
  expect(await screen.findByText('Страница не найдена')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});
