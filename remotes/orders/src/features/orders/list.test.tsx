import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetChoices, type Order } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest, chooseFilter, filterShown } from '@portal/shared/ui/testing';
import OrdersList from './list';
import { ordersArea } from './orders-slice';
import '../../translations';

const line = (id: number, quantity: number, price: string) => ({ id, product: id, sku: `SKU-${id}`, name: `Товар ${id}`, quantity, price, amount: (Number(price) * quantity).toFixed(2) });
const orders: Order[] = [
  {
    id: 31, number: '2026-000031', dealer: 3, dealer_name: 'ТехноСнаб', status: 'new', items: [line(1, 2, '100.00'), line(2, 1, '1234.50')],
    total: '1434.50', comment: '', document: null, created_at: '2026-11-22T09:00:00Z', updated_at: '2026-11-22T09:00:00Z', history: [],
  },
  {
    id: 22, number: '2026-000022', dealer: 3, dealer_name: 'ТехноСнаб', status: 'confirmed', items: [line(3, 1, '56658.00')],
    total: '56658.00', comment: '', document: null, created_at: '2026-11-14T09:00:00Z', updated_at: '2026-11-15T09:00:00Z', history: [],
  },
];
const dealers = [{ id: 3, name: 'ТехноСнаб' }, { id: 4, name: 'СеверТорг' }];

function serve(answer: (request: SentRequest) => Answer | undefined = () => undefined) {
  return answerWith((request) => answer(request) ?? (request.url === '/api/dealers/'
    ? { data: { count: dealers.length, next: null, previous: null, results: dealers } }
    : { data: { count: orders.length, next: null, previous: null, results: orders } }));
}

const slices = [ordersArea.slice];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const lastList = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/orders/').at(-1)!;

// Under jest antd gives every element the id 'test-id', so dialogs are found by their text, not their name.
jest.setTimeout(60_000);
afterEach(() => { localStorage.clear(); forgetChoices('/api/dealers/'); });

it('a dealer sees its orders: number, date, status, total as money and the number of lines, newest first', async () => {
  signIn();
  const sent = serve();
  renderScreen(<OrdersList />, { at: '/orders', base: '/orders', slices });
  expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
  const row = within(await waitFor(() => rowOf('2026-000031')));
  expect(row.getByText('22 ноября 2026 г.')).toBeInTheDocument();
  expect(row.getByText('Новый')).toBeInTheDocument();
  expect(row.getByText('1 434,50 ₽')).toBeInTheDocument();
  expect(row.getByRole('cell', { name: '2' })).toBeInTheDocument();
  expect(within(rowOf('2026-000022')).getByText('Подтверждён')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '2026-000031' })).toHaveAttribute('href', '/orders/31');
  expect(lastList(sent).params).toEqual({ page: 1, page_size: 20, ordering: '-created_at' });
  // A dealer's orders are its own: no dealer column, no dealer filter, the dealers never asked for.
  expect(screen.queryByRole('columnheader', { name: 'Дилер' })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Дилер' })).toBeNull();
  expect(sent.some((r) => r.url === '/api/dealers/')).toBe(false);
  expect(screen.getByRole('button', { name: 'Экспорт CSV' })).toBeInTheDocument();
  expect(screen.getByText('Всего: 2')).toBeInTheDocument();
});

it('staff see every dealer\'s orders, with the dealer column and a dealer filter', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = renderScreen(<OrdersList />, { at: '/orders', base: '/orders', slices });
  await screen.findByText('2026-000031');
  expect(screen.getByRole('columnheader', { name: 'Дилер' })).toBeInTheDocument();
  expect(within(rowOf('2026-000031')).getByText('ТехноСнаб')).toBeInTheDocument();
  await chooseFilter(user, 'Дилер', 'СеверТорг');
  await waitFor(() => expect(view.address()).toBe('/orders?dealer=4'));
  await waitFor(() => expect(lastList(sent).params).toEqual({ page: 1, page_size: 20, ordering: '-created_at', dealer: '4' }));
});

it('the status filter, the dates and the search by number go into the address and to the API', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = renderScreen(<OrdersList />, { at: '/orders?page=2', base: '/orders', slices });
  await screen.findByText('2026-000031');
  await chooseFilter(user, 'Статус', 'Подтверждён');
  await waitFor(() => expect(view.address()).toBe('/orders?status=confirmed'));

  fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-11-01' } });
  await waitFor(() => expect(view.address()).toBe('/orders?status=confirmed&created_after=2026-11-01'));
  // «По дату» includes the day chosen: the API's bound is the day after, exclusive.
  fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '2026-11-30' } });
  await waitFor(() => expect(view.address()).toBe('/orders?status=confirmed&created_after=2026-11-01&created_before=2026-12-01'));
  expect(screen.getByLabelText('По дату')).toHaveValue('2026-11-30');

  await user.type(screen.getByRole('searchbox', { name: 'Поиск по номеру' }), '000022{Enter}');
  await waitFor(() => expect(view.address()).toBe('/orders?status=confirmed&created_after=2026-11-01&created_before=2026-12-01&search=000022'));
  await waitFor(() => expect(lastList(sent).params).toEqual({
    page: 1, page_size: 20, ordering: '-created_at', status: 'confirmed', created_after: '2026-11-01', created_before: '2026-12-01', search: '000022',
  }));
});

it('a shared address opens the same view, its date fields filled', async () => {
  signIn();
  const sent = serve();
  renderScreen(<OrdersList />, { at: '/orders?status=shipped&created_before=2026-11-15&ordering=total', base: '/orders', slices });
  await screen.findByText('2026-000031');
  expect(lastList(sent).params).toEqual({ page: 1, page_size: 20, ordering: 'total', status: 'shipped', created_before: '2026-11-15' });
  expect(screen.getByLabelText('По дату')).toHaveValue('2026-11-14');
  expect(screen.getByLabelText('С даты')).toHaveValue('');
  expect(filterShown('Статус')).toBe('Статус: Отгружен');
});

it('an empty answer says so; a failed one shows the server\'s message with a retry of the same view', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  let fail = true;
  const sent = serve((request) => {
    if (request.url !== '/api/orders/') return undefined;
    return fail ? { status: 500, data: { message: 'Сервер недоступен.' } } : { data: { count: 0, next: null, previous: null, results: [] } };
  });
  renderScreen(<OrdersList />, { at: '/orders?status=new', base: '/orders', slices });
  expect(await screen.findByText('Сервер недоступен.')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Заказов пока нет')).toBeInTheDocument();
  expect(lastList(sent).params).toMatchObject({ status: 'new' });
});
