import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import UsersList from './list';
import { usersArea } from './users-slice';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };
const person = (id: number, fields: Partial<User>): User => ({
  id, email: `u${id}@demo.test`, first_name: 'Нина', last_name: 'Новикова', role: 'manager', is_staff: true, dealer: null, is_active: true,
  contract_signed: false, date_joined: '2026-11-01T09:00:00Z', last_login: null, ...fields,
});
const users = [
  person(2, { email: 'dealer@demo.test', first_name: 'Дмитрий', last_name: 'Дилеров', role: 'dealer', is_staff: false, dealer: 4, contract_signed: true }),
  person(3, { is_active: false }),
];
const dealers = [{ id: 4, name: 'ТехноСнаб' }];

const open = (at = '/admin/users') => renderScreen(<UsersList />, { at, path: '/admin/users', base: '/admin', slices: [usersArea.slice] });
const serve = () => answerWith((request) => ({ data: { count: 2, next: null, previous: null, results: request.url === '/api/dealers/' ? dealers : users } }));
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

jest.setTimeout(60_000);
afterEach(() => localStorage.clear());

it('the admin sees every user with role, dealer and state; a name opens the user\'s page', async () => {
  signIn(ADMIN);
  const sent = serve();
  open();
  expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeInTheDocument();
  expect(await screen.findByText('dealer@demo.test')).toBeInTheDocument();
  expect(sent.find((r) => r.url === '/api/users/')!.params).toEqual({ page: 1, page_size: 20, ordering: 'email' });
  const dealer = rowOf('dealer@demo.test');
  expect(within(dealer).getByText('Дилер')).toBeInTheDocument();
  expect(await within(dealer).findByText('ТехноСнаб')).toBeInTheDocument();
  expect(within(rowOf('u3@demo.test')).getByText('Отключён')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Дмитрий Дилеров' })).toHaveAttribute('href', '/admin/users/2');
});

it('search and the role and state filters go into the address and to the API', async () => {
  signIn(ADMIN);
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = open('/admin/users?role=dealer&is_active=false');
  await screen.findByText('dealer@demo.test');
  expect(sent.find((r) => r.url === '/api/users/')!.params).toMatchObject({ role: 'dealer', is_active: 'false' });
  await user.type(screen.getByRole('searchbox'), 'нина{Enter}');
  await waitFor(() => expect(decodeURIComponent(view.address())).toContain('search=нина'));
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/users/').pop()!.params).toMatchObject({ search: 'нина', role: 'dealer', is_active: 'false' }));
});

it('a manager following the address gets «not found», and nothing is asked of the API', async () => {
  signIn(STAFF);
  const sent = serve();
  open();
  expect(await screen.findByText('Раздел для администраторов')).toBeInTheDocument();
  expect(sent.filter((r) => r.url === '/api/users/')).toHaveLength(0);
});
