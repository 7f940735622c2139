import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getTokens, i18n, initI18n, setLanguage } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import ProfileScreen, { type Profile } from './profile-screen';

initI18n();
jest.setTimeout(60_000);
afterEach(() => { localStorage.clear(); setLanguage('ru'); });

const notifications = { order_status: true, cancellation: true, claim: true, newsletter: true, staff_requests: true };
const dealerProfile: Profile = {
  id: 7, email: 'dealer@demo.test', first_name: 'Пётр', last_name: 'Дилеров', role: 'dealer', is_staff: false, dealer: 3, is_active: true,
  contract_signed: true, date_joined: '2026-01-10T09:00:00Z', last_login: null, phone: '', language: 'ru', theme: 'default', notifications,
};
const staffProfile: Profile = { ...dealerProfile, id: 2, email: 'manager@demo.test', first_name: 'Михаил', role: 'manager', is_staff: true, dealer: null };
const company = {
  id: 3, name: 'Берёзка', legal_name: 'ООО «Берёзка»', tax_id: '7707083893', group: 4, group_name: 'Опт', group_discount_percent: '12.50',
  email: 'sales@berezka.example', phone: '+7 495 000-00-00', address: 'Москва, ул. Лесная, 1', is_active: true, created_at: '2026-01-01T00:00:00Z',
  summary: { orders_count: 0, year_total: '0.00', last_order: null }, users: [],
};

const body = (request: SentRequest) => JSON.parse(String(request.data)) as Record<string, unknown>;

/** The profile and the dealer's company as the API answers them; `other` answers what the test is about. */
function api(profile: Profile, other: (request: SentRequest) => { status?: number; data?: unknown } | undefined = () => undefined) {
  return answerWith((request) => {
    const answer = other(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/users/me/') return { data: profile };
    if (request.method === 'GET' && request.url === '/api/dealers/3/') return { data: company };
    return { status: 404, data: { message: 'Не найдено.' } };
  });
}

it('saves the names and phone with «Профиль сохранён»; a field the API refuses shows on its field', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  let puts = 0;
  const sent = api(dealerProfile, (request) => {
    if (request.method !== 'PUT') return undefined;
    puts += 1;
    if (puts === 1) return { status: 400, data: { code: 'invalid', message: 'Проверьте поля формы.', fields: { phone: ['Введите телефон цифрами.'] } } };
    return { data: { ...dealerProfile, ...body(request) } };
  });
  renderScreen(<ProfileScreen />, { at: '/profile' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
  const name = await screen.findByRole('textbox', { name: 'Имя' });
  expect(name).toHaveValue('Пётр');
  await user.clear(name);
  await user.type(name, 'Павел');
  await user.type(screen.getByRole('textbox', { name: 'Телефон' }), 'abc');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите телефон цифрами.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveAttribute('aria-invalid', 'true');

  await user.clear(screen.getByRole('textbox', { name: 'Телефон' }));
  await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '+7 912 345-67-89');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Профиль сохранён'));
  const saved = sent.filter((r) => r.method === 'PUT');
  expect(body(saved[1])).toEqual({ first_name: 'Павел', last_name: 'Дилеров', phone: '+7 912 345-67-89' });
});

it('a password change stores the new pair as this browser\'s tokens, clears the fields and says the API\'s message', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const before = getTokens();
  // A new access token of the same user (its claims decode as the old one's).
  const fresh = { access: `${before!.access.split('.').slice(0, 2).join('.')}.bmV3`, refresh: 'new-refresh' };
  const sent = api(dealerProfile, (request) => (request.url === '/api/users/me/password/'
    ? { data: { message: 'Пароль изменён. Другие сеансы завершены, этот сохранён.', ...fresh } } : undefined));
  const view = renderScreen(<ProfileScreen />, { at: '/profile' });
  const current = await screen.findByLabelText('Текущий пароль');
  await user.type(current, 'demo-password');
  await user.type(screen.getByLabelText('Новый пароль'), 'short');
  await user.type(screen.getByLabelText('Новый пароль ещё раз'), 'other');
  await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
  expect(await screen.findByText('Не короче 8 символов')).toBeInTheDocument();
  expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
  expect(sent.filter((r) => r.url === '/api/users/me/password/')).toHaveLength(0);

  await user.clear(screen.getByLabelText('Новый пароль'));
  await user.type(screen.getByLabelText('Новый пароль'), 'a-new-password');
  await user.clear(screen.getByLabelText('Новый пароль ещё раз'));
  await user.type(screen.getByLabelText('Новый пароль ещё раз'), 'a-new-password');
  await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Пароль изменён. Другие сеансы завершены, этот сохранён.'));
  expect(body(sent.find((r) => r.url === '/api/users/me/password/')!)).toEqual({ current_password: 'demo-password', password: 'a-new-password' });
  expect(getTokens()).toEqual(fresh);
  expect(view.store.getState().auth.tokens).toEqual(fresh);
  expect(screen.getByLabelText('Текущий пароль')).toHaveValue('');
  expect(screen.getByLabelText('Новый пароль')).toHaveValue('');

  // The next call goes with the new token.
  await user.click(screen.getByRole('checkbox', { name: 'Новая рассылка для дилеров' }));
  await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
  expect(sent.find((r) => r.method === 'PUT')!.authorization).toBe(`Bearer ${fresh.access}`);
});

it('a wrong current password is said on its field; the tokens stay', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const before = getTokens();
  api(dealerProfile, (request) => (request.url === '/api/users/me/password/'
    ? { status: 400, data: { code: 'invalid', message: 'Проверьте поля формы.', fields: { current_password: ['Текущий пароль указан неверно.'] } } } : undefined));
  renderScreen(<ProfileScreen />, { at: '/profile' });
  await user.type(await screen.findByLabelText('Текущий пароль'), 'not-it');
  await user.type(screen.getByLabelText('Новый пароль'), 'a-new-password');
  await user.type(screen.getByLabelText('Новый пароль ещё раз'), 'a-new-password');
  await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
  expect(await screen.findByText('Текущий пароль указан неверно.')).toBeInTheDocument();
  expect(screen.getByLabelText('Текущий пароль')).toHaveAttribute('aria-invalid', 'true');
  expect(getTokens()).toEqual(before);
});

it('a dealer has the mail of its orders, cancellations, claims and newsletters, each saved at once; and its company, read-only', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const sent = api(dealerProfile, (request) => (request.method === 'PUT'
    ? { data: { ...dealerProfile, notifications: { ...notifications, ...(body(request).notifications as object) } } } : undefined));
  renderScreen(<ProfileScreen />, { at: '/profile' });
  const group = await screen.findByRole('group', { name: 'Уведомления' });
  expect(within(group).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
    'Заказ подтверждён, отгружен, выполнен или отменён', 'Решение по запросу на отмену заказа', 'Новый статус претензии или ответ по ней', 'Новая рассылка для дилеров',
  ]);
  await user.click(within(group).getByRole('checkbox', { name: 'Новая рассылка для дилеров' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Настройки уведомлений сохранены'));
  expect(body(sent.find((r) => r.method === 'PUT')!)).toEqual({ notifications: { newsletter: false } });
  expect(within(group).getByRole('checkbox', { name: 'Новая рассылка для дилеров' })).not.toBeChecked();

  const card = (await screen.findByRole('heading', { name: 'Компания' })).closest('.ant-card') as HTMLElement;
  expect(await within(card).findByText('ООО «Берёзка»')).toBeInTheDocument();
  expect(within(card).getByText('7707083893')).toBeInTheDocument();
  expect(within(card).getByText('Опт')).toBeInTheDocument();
  expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  expect(within(card).queryByRole('button')).not.toBeInTheDocument();
});

it('staff have the mail of what arrives for them, and no company', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  let fail = true;
  const sent = api(staffProfile, (request) => {
    if (request.method !== 'PUT') return undefined;
    if (fail) { fail = false; return { status: 500, data: { message: 'Ошибка сервера.' } }; }
    return { data: staffProfile };
  });
  renderScreen(<ProfileScreen />, { at: '/profile' });
  const group = await screen.findByRole('group', { name: 'Уведомления' });
  expect(within(group).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
    'Новая заявка на регистрацию дилера', 'Новый запрос на отмену заказа', 'Новая претензия',
  ]);
  // A failed save puts the box back and says why.
  await user.click(within(group).getByRole('checkbox', { name: 'Новая претензия' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveAttribute('data-tone', 'error'));
  expect(within(group).getByRole('checkbox', { name: 'Новая претензия' })).toBeChecked();
  expect(screen.queryByRole('heading', { name: 'Компания' })).not.toBeInTheDocument();
  expect(sent.some((r) => r.url.startsWith('/api/dealers/'))).toBe(false);
});

it('the language and the theme apply at once and are kept in the profile', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const sent = api(dealerProfile, (request) => (request.method === 'PUT' ? { data: { ...dealerProfile, ...body(request) } } : undefined));
  const view = renderScreen(<ProfileScreen />, { at: '/profile' });
  await user.click(await screen.findByRole('radio', { name: 'Тёмная' }));
  expect(view.store.getState().ui.theme).toBe('dark');
  await user.click(screen.getByRole('radio', { name: 'Английский' }));
  expect(i18n.language).toBe('en');
  expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  await waitFor(() => expect(sent.filter((r) => r.method === 'PUT').map(body)).toEqual([{ theme: 'dark' }, { language: 'en' }]));
});

it('a profile that does not load says so, and «Повторить» asks again', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  let first = true;
  api(dealerProfile, (request) => {
    if (request.url !== '/api/users/me/' || !first) return undefined;
    first = false;
    return { status: 500, data: { message: 'Ошибка сервера.' } };
  });
  renderScreen(<ProfileScreen />, { at: '/profile' });
  await user.click(await screen.findByRole('button', { name: 'Повторить' }));
  expect(await screen.findByRole('textbox', { name: 'Имя' })).toHaveValue('Пётр');
});
