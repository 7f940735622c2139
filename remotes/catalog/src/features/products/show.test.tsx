import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import ProductShow from './show';
import { productsArea } from './products-slice';
import '../../translations';

const drill: Product = {
  id: 5, sku: 'ET-DRL-01', name: 'Дрель 12 В', description: 'Двухскоростной редуктор.', category: 'Электроинструмент', unit: 'шт', price: '4790.00',
  is_active: true, available: 30, created_at: '2026-11-01T09:00:00Z',
};
const stock = [{ id: 1, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', warehouse: 'Москва', quantity: 35, reserved: 5, available: 30, updated_at: '2026-11-01T09:00:00Z' }];

function serve(changes: SentRequest[], current: { item: Product }) {
  return answerWith((request) => {
    if (request.url === '/api/storeitems/') return { data: { count: 1, next: null, previous: null, results: stock } };
    if (request.method === 'PUT') {
      changes.push(request);
      current.item = { ...current.item, ...(JSON.parse(String(request.data)) as Partial<Product>) };
      return { data: current.item };
    }
    if (request.method === 'DELETE') { changes.push(request); return { status: 204 }; }
    return { data: current.item };
  });
}
const open = () => renderScreen(<ProductShow />, {
  at: '/catalog/products/5', path: '/catalog/products/:id', base: '/catalog', slices: [productsArea.slice],
  routes: { '/catalog': <p>Список товаров</p> },
});

jest.setTimeout(120_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('staff see the product with its price, status and stock per warehouse (on hand, reserved, available)', async () => {
  serve([], { item: drill });
  open();
  expect(await screen.findByRole('heading', { name: 'Дрель 12 В' })).toBeInTheDocument();
  expect(screen.getByText('Продаётся')).toBeInTheDocument();
  expect(screen.getByText('4 790,00 ₽')).toBeInTheDocument();
  expect(screen.getByText('Двухскоростной редуктор.')).toBeInTheDocument();
  const row = (await screen.findByText('Москва')).closest('tr') as HTMLElement;
  expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Москва', '35', '5', '30']);
});

it('withdrawing asks first, sends the whole product with is_active off, and shows it withdrawn once the server agrees', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  serve(changes, { item: drill });
  open();
  await user.click(await screen.findByRole('button', { name: 'Снять с продажи' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Снять «Дрель 12 В» с продажи?');
  expect(changes).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Снять с продажи' }));
  expect(await screen.findByText('Снят с продажи')).toBeInTheDocument();
  expect(changes[0]).toMatchObject({ method: 'PUT', url: '/api/products/5/' });
  expect(JSON.parse(String(changes[0].data))).toEqual({
    id: 5, sku: 'ET-DRL-01', name: 'Дрель 12 В', description: 'Двухскоростной редуктор.', category: 'Электроинструмент', unit: 'шт', price: '4790.00', is_active: false,
  });
  expect(screen.getByRole('button', { name: 'Вернуть в продажу' })).toBeInTheDocument();
});

it('deleting asks first; a refusal stays in the dialog; a success leads back to the list', async () => {
  const user = userEvent.setup({ delay: null });
  let refuse = true;
  const changes: SentRequest[] = [];
  answerWith((request) => {
    if (request.url === '/api/storeitems/') return { data: { count: 0, next: null, previous: null, results: [] } };
    if (request.method === 'DELETE') {
      changes.push(request);
      return refuse ? { status: 409, data: { message: 'Запись используется.', code: 'in_use' } } : { status: 204 };
    }
    return { data: drill };
  });
  const view = open();
  await user.click(await screen.findByRole('button', { name: 'Удалить' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Удалить товар «Дрель 12 В»?');
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  expect(await within(dialog).findByText('Запись используется.')).toBeInTheDocument();
  refuse = false;
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  expect(await screen.findByText('Список товаров')).toBeInTheDocument();
  expect(view.address()).toBe('/catalog');
  await waitFor(() => expect(changes.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/products/5/', 'DELETE /api/products/5/']));
});
