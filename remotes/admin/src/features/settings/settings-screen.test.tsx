import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractVersion, Variable } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import SettingsScreen from './settings-screen';
import { variablesArea } from './variables-slice';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };
const variables: Variable[] = [
  { id: 1, key: 'contract_text', value: '# Дилерский договор\n\n1. Предмет.', description: '' },
  { id: 2, key: 'delivery_note', value: 'По вторникам', description: 'Для корзины' },
  { id: 3, key: 'min_order_total', value: '1000.00', description: '' },
  { id: 4, key: 'support_email', value: 'help@demo.test', description: '' },
];
const versions: ContractVersion[] = [
  { number: 2, created_at: '2026-11-20T10:00:00Z', created_by: 'Анна Администратор', signatures: [] },
  { number: 1, created_at: '2026-09-01T10:00:00Z', created_by: null, signatures: [
    { user_id: 3, email: 'dealer@demo.test', name: 'Дмитрий Дилеров', dealer: 'ООО «Север»', signed_at: '2026-10-01T08:30:00Z' },
  ] },
];

function serve(changes: SentRequest[] = []) {
  return answerWith((request) => {
    if (request.url === '/api/contract/versions/') return { data: versions };
    if (request.method === 'GET') return { data: { count: variables.length, next: null, previous: null, results: variables } };
    changes.push(request);
    if (request.method === 'DELETE') return { status: 204, data: {} };
    if (request.url === '/api/variables/4/') return { status: 400, data: { message: 'Ошибка', code: 'invalid', fields: { value: ['Неверный формат.'] } } };
    return { data: { id: 1, ...JSON.parse(String(request.data)) as object } };
  });
}

const rowOf = (key: string) => screen.getByText(key).closest('tr') as HTMLElement;

jest.setTimeout(120_000);
afterEach(() => localStorage.clear());

it('the admin sees the variables, with only their own ones deletable, and who signed which version of the agreement', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  expect(await screen.findByText('delivery_note')).toBeInTheDocument();
  expect(within(rowOf('min_order_total')).getByText(/1\s000,00/)).toBeInTheDocument();
  expect(within(rowOf('contract_text')).queryByRole('button', { name: /Удалить/ })).toBeNull();
  expect(within(rowOf('contract_text')).getByText('Текст дилерского договора')).toBeInTheDocument();

  expect(await screen.findByText(/Редакция 2 от 20 ноября 2026/)).toBeInTheDocument();
  expect(screen.getByText('Эту редакцию ещё никто не подписал.')).toBeInTheDocument();
  await user.click(screen.getByText(/Редакция 1 от/));
  expect(await screen.findByText('Дмитрий Дилеров')).toBeInTheDocument();
  expect(screen.getByText('ООО «Север»')).toBeInTheDocument();

  await user.click(within(rowOf('delivery_note')).getByRole('button', { name: 'Удалить: delivery_note' }));
  expect(await screen.findByText('Удалить переменную «delivery_note»?')).toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: 'Удалить' }).at(-1)!);
  await waitFor(() => expect(changes).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/variables/2/' })]));
});

it('the agreement is edited as Markdown beside its live preview; a new text is saved as a new version', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  await user.click(await screen.findByRole('button', { name: 'Изменить: contract_text' }));
  const preview = await screen.findByTestId('agreement-preview');
  expect(within(preview).getByRole('heading', { name: 'Дилерский договор' })).toBeInTheDocument();
  const text = screen.getByRole('textbox', { name: 'Значение' });
  await user.clear(text);
  await user.type(text, '## Новая редакция');
  expect(await within(preview).findByRole('heading', { name: 'Новая редакция' })).toBeInTheDocument();
  expect(preview).not.toHaveTextContent('##');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(changes).toEqual([expect.objectContaining({ method: 'PUT', url: '/api/variables/1/' })]));
  expect(JSON.parse(String(changes[0].data))).toEqual({ id: 1, key: 'contract_text', value: '## Новая редакция', description: '' });
  expect(await screen.findByText('Текст договора изменён: дилеры подпишут новую редакцию')).toBeInTheDocument();
});

it('the support address is checked as an email address, and the server’s field error lands on its field', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  await user.click(await screen.findByRole('button', { name: 'Изменить: support_email' }));
  const email = await screen.findByRole('textbox', { name: 'Значение' });
  await user.clear(email);
  await user.type(email, 'не адрес');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите адрес электронной почты')).toBeInTheDocument();
  expect(changes).toEqual([]);
  await user.clear(email);
  await user.type(email, 'help@portal.test');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Неверный формат.')).toBeInTheDocument();
});

it('a manager does not see the settings', async () => {
  signIn(STAFF);
  const sent = serve();
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  expect(screen.queryByText('Настройки')).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
  expect(sent).toEqual([]);
});
