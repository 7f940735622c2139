import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerWith, renderScreen, signIn, STAFF, windowOf } from '@portal/shared/ui/testing';
import { dealerOf } from './dealer-fixtures';
import { dealersArea } from './dealers-slice';
import DealerShow from './show';
import '../../translations';

const slices = [dealersArea.slice];

const dealer = dealerOf(7, {
  summary: { orders_count: 12, year_total: '15400.50', last_order: { id: 90, number: '2026-000090', status: 'shipped', total: '1200.00', created_at: '2026-11-20T10:00:00Z' } },
  users: [{ id: 5, email: 'ivan@romashka.example', first_name: 'Иван', last_name: 'Петров', is_active: true, last_login: null }],
});

jest.setTimeout(60_000);
afterEach(() => { localStorage.clear(); });

it("shows the dealer's contacts, group and discount, orders in short with links, and users", async () => {
  signIn(STAFF);
  answerWith(() => ({ data: dealer }));
  renderScreen(<DealerShow />, { at: '/dealers/7', path: '/dealers/:id', base: '/dealers', slices });
  expect(await screen.findByRole('heading', { name: 'ООО «Ромашка»', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('7707083893')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'sales@romashka.example' })).toHaveAttribute('href', 'mailto:sales@romashka.example');
  expect(screen.getByText((text) => text.replace(/\u00a0/g, ' ') === '12,5 %')).toBeInTheDocument();
  expect(screen.getByText('12')).toBeInTheDocument();
  expect(screen.getByText(/15\s400,50/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '2026-000090' })).toHaveAttribute('href', '/orders/90');
  expect(screen.getByRole('link', { name: 'Все заказы дилера' })).toHaveAttribute('href', '/orders?dealer=7');
  const user = screen.getByText('ivan@romashka.example').closest('tr') as HTMLElement;
  expect(within(user).getByText('Иван Петров')).toBeInTheDocument();
  expect(within(user).getByText('не входил')).toBeInTheDocument();
});

it('on a phone a user keeps their name with the email under it and their state; the last sign-in shows from 768 px', async () => {
  windowOf(390);
  signIn(STAFF);
  answerWith(() => ({ data: dealer }));
  renderScreen(<DealerShow />, { at: '/dealers/7', path: '/dealers/:id', base: '/dealers', slices });
  await screen.findByRole('heading', { name: 'Пользователи' });
  const users = screen.getAllByRole('table').find((table) => within(table).queryByRole('columnheader', { name: 'Имя' }))!;
  expect(within(users).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Имя', 'Состояние']);
  const name = within(users).getAllByRole('cell')[0];
  expect(name).toHaveTextContent('Иван Петров');
  expect(name).toHaveTextContent('ivan@romashka.example');
  expect(within(users).queryByText('не входил')).toBeNull();
});

it('deactivating asks first, sends the dealer with is_active false, and shows the new state', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  let current = dealer;
  const sent = answerWith((request) => {
    if (request.method === 'PUT') current = { ...current, is_active: false };
    return { data: current };
  });
  renderScreen(<DealerShow />, { at: '/dealers/7', path: '/dealers/:id', base: '/dealers', slices });
  await user.click(await screen.findByRole('button', { name: 'Отключить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Отключить дилера «ООО «Ромашка»»?' });
  expect(within(dialog).getByText(/не смогут войти/)).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Отключить' }));
  await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
  const put = sent.find((r) => r.method === 'PUT')!;
  expect(put.url).toBe('/api/dealers/7/');
  expect(JSON.parse(put.data as string)).toEqual(expect.objectContaining({ name: 'ООО «Ромашка»', group: 3, is_active: false }));
  expect(await screen.findByRole('button', { name: 'Включить' })).toBeInTheDocument();
  expect(screen.getAllByText('Отключён').length).toBeGreaterThan(0);
  expect(screen.getByTestId('answer')).toHaveTextContent('Дилер «ООО «Ромашка»» отключён: его пользователи больше не войдут');
});

it('a dealer that does not exist says so', async () => {
  signIn(STAFF);
  answerWith(() => ({ status: 404, data: { code: 'not_found', message: 'Не найдено.' } }));
  renderScreen(<DealerShow />, { at: '/dealers/404', path: '/dealers/:id', base: '/dealers', slices });
  expect(await screen.findByRole('heading', { name: 'Дилер не найден' })).toBeInTheDocument();
});

it('while the dealer is read again after a change of state, its page stays on screen', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  let current = dealer;
  let reads = 0;
  let answerRead: () => void = () => undefined;
  answerWith((request) => {
    if (request.method === 'PUT') { current = { ...current, is_active: false }; return { data: current }; }
    reads += 1;
    if (reads === 1) return { data: current };
    return new Promise((resolve) => { answerRead = () => resolve({ data: current }); });
  });
  renderScreen(<DealerShow />, { at: '/dealers/7', path: '/dealers/:id', base: '/dealers', slices });
  await user.click(await screen.findByRole('button', { name: 'Отключить' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отключить' }));
  await waitFor(() => expect(reads).toBe(2));
  expect(screen.getByRole('heading', { name: 'ООО «Ромашка»', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('7707083893')).toBeInTheDocument();
  answerRead();
  expect(await screen.findByRole('button', { name: 'Включить' })).toBeInTheDocument();
});
