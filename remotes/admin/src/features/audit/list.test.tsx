import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest, chooseFilter } from '@portal/shared/ui/testing';
import { auditArea, type AuditEntry } from './audit-slice';
import AuditList from './list';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };
const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id, at: '2026-11-20T09:30:00Z', actor: { id: 1, email: 'admin@demo.test', deploy_key: null }, action: 'user.created',
  target_type: 'user', target_id: '12', details: {}, ...fields,
});
const entries = [
  entry(9, { action: 'user.deactivated', target_id: '12', details: { user_email: 'nina@demo.test' } }),
  entry(8, { action: 'user.role_changed', details: { user_email: 'nina@demo.test', from: 'manager', to: 'dealer' } }),
  entry(7, { action: 'release.uploaded', actor: { id: null, email: null, deploy_key: 'ci' }, target_type: 'release', target_id: 'mc1-0123456789', details: { remote: 'comms' } }),
  entry(6, { action: 'user.password_reset_sent', actor: null, details: { via: 'restore_form' } }),
];
const users = [{ id: 1, email: 'admin@demo.test' }, { id: 2, email: 'manager@demo.test' }];
const page = <T,>(results: T[]) => ({ data: { count: results.length, next: null, previous: null, results } });

const serve = () => answerWith((request) => (request.url === '/api/users/' ? page(users) : page(entries)));
const lastList = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/audit/').at(-1)!;
const open = (at = '/admin/audit') => renderScreen(<AuditList />, { at, base: '/admin', path: '/admin/audit', slices: [auditArea.slice] });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

jest.setTimeout(60_000);
afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('ru');
});

it('the admin reads who did what to which object and when, newest first', async () => {
  signIn(ADMIN);
  const sent = serve();
  open();
  expect(await screen.findByRole('heading', { name: 'Журнал действий' })).toBeInTheDocument();
  expect(await screen.findByText('Пользователь отключён')).toBeInTheDocument();
  expect(lastList(sent).params).toEqual({ page: 1, page_size: 20, ordering: '-at' });
  const deactivated = rowOf('Пользователь отключён');
  expect(within(deactivated).getByText('admin@demo.test')).toBeInTheDocument();
  expect(within(deactivated).getByText('Пользователь')).toBeInTheDocument();
  expect(within(deactivated).getByText('12')).toBeInTheDocument();
  expect(within(deactivated).getByText('Эл. почта: nina@demo.test')).toBeInTheDocument();
  expect(within(deactivated).getByRole('time')).toHaveAttribute('dateTime', '2026-11-20T09:30:00Z');
  expect(within(rowOf('Изменена роль')).getByText('Менеджер → Дилер; Эл. почта: nina@demo.test')).toBeInTheDocument();
  expect(within(rowOf('Загружен релиз')).getByText('Ключ деплоя «ci»')).toBeInTheDocument();
  const restore = rowOf('Отправлена ссылка для входа');
  expect(within(restore).getByText('Без входа в портал')).toBeInTheDocument();
  expect(within(restore).getByText('Как: форма восстановления доступа')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Экспорт CSV/ })).toBeInTheDocument();
  // Who may have acted, for the filter: every user by email.
  expect(sent.filter((r) => r.url === '/api/users/').map((r) => r.params)).toEqual([{ page_size: 500, ordering: 'email' }]);
});

it('filters by action, by who acted and by period go into the address and to the API', async () => {
  signIn(ADMIN);
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = open('/admin/audit?action=user.deactivated&actor=2');
  await screen.findByText('Пользователь отключён');
  expect(lastList(sent).params).toMatchObject({ action: 'user.deactivated', actor: '2' });
  expect(screen.getByText('Действие: Пользователь отключён')).toBeInTheDocument();
  expect(await screen.findByText('Кто: manager@demo.test')).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-11-01' } });
  fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '2026-11-30' } });
  await waitFor(() => expect(lastList(sent).params).toMatchObject({ action: 'user.deactivated', actor: '2', created_after: '2026-11-01', created_before: '2026-12-01' }));
  await user.type(screen.getByRole('searchbox'), 'nina{Enter}');
  await waitFor(() => expect(view.address()).toContain('search=nina'));

  await chooseFilter(user, 'Действие', 'Дилер отключён');
  await waitFor(() => expect(lastList(sent).params).toMatchObject({ action: 'dealer.deactivated', actor: '2', search: 'nina' }));
  expect(view.address()).toContain('action=dealer.deactivated');
});

it('in English the screen speaks English', async () => {
  await i18n.changeLanguage('en');
  signIn(ADMIN);
  serve();
  open();
  expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
  expect(await screen.findByText('User deactivated')).toBeInTheDocument();
  expect(within(rowOf('Sign-in link sent')).getByText('How: restore form')).toBeInTheDocument();
  expect(within(rowOf('Release uploaded')).getByText('Deploy key “ci”')).toBeInTheDocument();
});

it('a manager following the address gets «not found», and nothing is asked of the API', async () => {
  signIn(STAFF);
  const sent = serve();
  open();
  expect(await screen.findByText('Раздел для администраторов')).toBeInTheDocument();
  expect(sent).toHaveLength(0);
});
