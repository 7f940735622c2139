import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import UserShow from './show';
import { usersArea } from './users-slice';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };
const manager: User = {
  id: 5, email: 'nina@demo.test', first_name: 'Нина', last_name: 'Новикова', role: 'manager', is_staff: true, dealer: null, is_active: true,
  contract_signed: false, date_joined: '2026-11-01T09:00:00Z', last_login: null,
};

/** The user as the server has it; a PUT changes it as sent, unless `refuse` answers instead. */
function serve(changes: SentRequest[], start: User = manager, refuse?: { status: number; data: unknown }) {
  let current = start;
  return answerWith((request) => {
    if (request.url === '/api/dealers/') return { data: { count: 0, next: null, previous: null, results: [] } };
    if (request.url.endsWith('/send-link/')) {
      changes.push(request);
      return { data: { message: `Ссылка для входа отправлена на ${current.email}.` } };
    }
    if (request.method === 'PUT') {
      changes.push(request);
      if (refuse) return refuse;
      current = { ...current, ...(JSON.parse(String(request.data)) as Partial<User>) };
    }
    return { data: current };
  });
}

const open = (id = 5) => renderScreen(<UserShow />, { at: `/admin/users/${id}`, path: '/admin/users/:id', base: '/admin', slices: [usersArea.slice] });

jest.setTimeout(60_000);
beforeEach(() => signIn(ADMIN));
afterEach(() => localStorage.clear());

it('«Отключить» asks first, then sends the user with is_active false, and the page shows it deactivated', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  serve(changes);
  open();
  expect(await screen.findByRole('heading', { name: 'Нина Новикова' })).toBeInTheDocument();
  expect(screen.getByText('Менеджер')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ко всем пользователям' })).toHaveAttribute('href', '/admin/users');
  await user.click(screen.getByRole('button', { name: 'Отключить' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Отключить пользователя «Нина Новикова»?');
  expect(dialog).toHaveTextContent('открытые сеансы сразу завершатся');
  expect(changes).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Отключить' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(JSON.parse(String(changes[0].data))).toEqual({ id: 5, first_name: 'Нина', last_name: 'Новикова', role: 'manager', dealer: null, is_active: false });
  expect(await screen.findByText('Отключён')).toBeInTheDocument();
  expect(screen.getByTestId('answer')).toHaveTextContent('Пользователь nina@demo.test отключён: войти он больше не сможет');
  expect(await screen.findByRole('button', { name: 'Включить' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Отправить ссылку для входа' })).toBeNull();
});

it('the server\'s refusal (the last active admin) is shown in the dialog and nothing changes', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  const message = 'Это последний активный администратор: сначала назначьте администратором другого пользователя.';
  serve(changes, { ...manager, role: 'admin' }, { status: 409, data: { code: 'user_last_admin', message } });
  open();
  await user.click(await screen.findByRole('button', { name: 'Отключить' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Отключить' }));
  expect(await within(dialog).findByText(message)).toBeInTheDocument();
  expect(screen.getByText('Активен')).toBeInTheDocument();
});

it('«Отправить ссылку для входа» asks first, then says where the link went; one\'s own page offers no «Отключить»', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  serve(changes, { ...manager, id: 1, role: 'admin', email: 'admin@demo.test' });
  open(1);
  await user.click(await screen.findByRole('button', { name: 'Отправить ссылку для входа' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Отправить ссылку для входа на admin@demo.test?');
  await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
  // Said as every action's answer is (the host's live region), not in a notice of the page's own.
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Ссылка для входа отправлена на admin@demo.test.'));
  expect(screen.getAllByText('Ссылка для входа отправлена на admin@demo.test.')).toHaveLength(1);
  expect(changes.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/users/1/send-link/']);
  expect(screen.queryByRole('button', { name: 'Отключить' })).toBeNull();
});
