import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import UserCreate from './create';
import { usersArea } from './users-slice';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };

jest.setTimeout(60_000);
beforeEach(() => signIn(ADMIN));
afterEach(() => localStorage.clear());

it('a dealer user is asked for its dealer; the server\'s field error lands on its field; the saved user\'s page opens', async () => {
  const user = userEvent.setup({ delay: null });
  const posts: SentRequest[] = [];
  answerWith((request) => {
    if (request.url === '/api/dealers/') return { data: { count: 1, next: null, previous: null, results: [{ id: 4, name: 'ТехноСнаб' }] } };
    posts.push(request);
    return posts.length === 1
      ? { status: 409, data: { code: 'duplicate', message: 'Запись с таким значением уже существует.', fields: { email: ['Запись с таким значением уже существует.'] } } }
      : { status: 201, data: { id: 9 } };
  });
  const view = renderScreen(<UserCreate />, { at: '/admin/users/new', path: '/admin/users/new', base: '/admin', slices: [usersArea.slice] });
  await user.type(await screen.findByRole('textbox', { name: 'Эл. почта' }), 'ivan@example.test');
  await user.type(screen.getByRole('textbox', { name: 'Имя' }), 'Иван');
  await user.type(screen.getByRole('textbox', { name: 'Фамилия' }), 'Петров');
  expect(screen.queryByRole('combobox', { name: 'Дилер' })).toBeNull();
  await user.click(screen.getByRole('combobox', { name: 'Роль' }));
  await user.click(await screen.findByTitle('Дилер'));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Выберите дилера', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(posts).toHaveLength(0);

  await user.click(screen.getByRole('combobox', { name: 'Дилер' }));
  await user.click(await screen.findByTitle('ТехноСнаб'));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Запись с таким значением уже существует.', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(JSON.parse(String(posts[0].data))).toEqual({ email: 'ivan@example.test', first_name: 'Иван', last_name: 'Петров', role: 'dealer', dealer: 4 });

  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(view.address()).toBe('/admin/users/9'));
  expect(screen.getByTestId('answer')).toHaveTextContent(/^Пользователь .*создан: ему ушло письмо со ссылкой для входа$/);
});
