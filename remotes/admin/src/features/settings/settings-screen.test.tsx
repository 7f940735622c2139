import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractVersion, Variable } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest, windowOf } from '@portal/shared/ui/testing';
import SettingsScreen from './settings-screen';
import { variablesArea } from './variables-slice';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };
const AGREEMENT = '# Дилерский договор\n\n1. Предмет.';
const variables: Variable[] = [
  { id: 1, key: 'contract_text', value: AGREEMENT, description: '' },
  { id: 2, key: 'delivery_note', value: 'По вторникам', description: 'Заметка о доставке' },
  { id: 3, key: 'min_order_total', value: '1000.00', description: '' },
  { id: 4, key: 'support_email', value: 'help@demo.test', description: '' },
];
const versions: ContractVersion[] = [
  { number: 2, created_at: '2026-11-20T10:00:00Z', created_by: 'Анна Администратор', summary: 'Сроки оплаты — 14 дней.', signatures: [] },
  { number: 1, created_at: '2026-09-01T10:00:00Z', created_by: null, summary: '', signatures: [
    { user_id: 3, email: 'dealer@demo.test', name: 'Дмитрий Дилеров', dealer: 'ООО «Север»', signed_at: '2026-10-01T08:30:00Z' },
  ] },
];

interface Options { variables?: Variable[]; refuse?: Record<string, object> }

function serve(changes: SentRequest[] = [], options: Options = {}) {
  return answerWith((request) => {
    if (request.url === '/api/contract/versions/' && request.method === 'GET') return { data: versions };
    if (request.url === '/api/contract/must-sign/') return { data: { must_sign: 7 } };
    if (request.method === 'GET') {
      const results = options.variables ?? variables;
      return { data: { count: results.length, next: null, previous: null, results } };
    }
    changes.push(request);
    const refusal = options.refuse?.[request.url ?? ''];
    if (refusal) return { status: 400, data: refusal };
    if (request.method === 'DELETE') return { status: 204, data: {} };
    if (request.url === '/api/contract/versions/') return { status: 201, data: { number: 3, created_at: '2026-11-27T08:00:00Z', summary: 'x', must_sign: 7 } };
    return { data: { id: 1, ...JSON.parse(String(request.data)) as object } };
  });
}

/**
 * The open dialog with this title. (Found by its title's text: under jest antd gives every dialog's
 * title the same id, so a dialog over another would take the first one's name.)
 */
const dialogTitled = (title: string) => waitFor(() => {
  const found = screen.getAllByRole('dialog').find((d) => within(d).queryByText(title, { selector: '.ant-modal-title, .ant-modal-title *' }));
  if (!found) throw new Error(`no dialog «${title}»`);
  return found;
});

const bodyOf = (request: SentRequest) => JSON.parse(String(request.data)) as unknown;

jest.setTimeout(120_000);
afterEach(() => { localStorage.clear(); });

/** What the host's one live region says (the answer after an action). */
const answer = () => screen.getByTestId('answer');

it('the settings are a form of named, grouped fields with their help, not a table of keys', async () => {
  signIn(ADMIN);
  serve();
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  const minimum = await screen.findByRole('textbox', { name: 'Минимальная сумма заказа' });
  expect((minimum as HTMLInputElement).value.replace(/\s/g, ' ')).toBe('1 000,00');
  expect(screen.getByText('Заказ на меньшую сумму не оформить. Пусто или 0 — без минимума.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Почта поддержки' })).toHaveValue('help@demo.test');
  expect(screen.getByRole('region', { name: 'Заказы' })).toContainElement(minimum);
  expect(screen.getByRole('region', { name: 'Связь с поддержкой' })).toBeInTheDocument();
  // No developer's words: no keys, no «Переменные», nothing to add.
  for (const word of ['Переменные', 'contract_text', 'min_order_total', 'support_email', 'Добавить переменную']) {
    expect(screen.queryByText(word, { exact: false })).toBeNull();
  }
  expect(screen.queryByRole('button', { name: /Добавить/ })).toBeNull();
  // A setting added by hand is in «Другие настройки», by its description.
  const other = screen.getByRole('region', { name: 'Другие настройки' });
  expect(within(other).getByText('Заметка о доставке')).toBeInTheDocument();
  expect(within(other).getByRole('button', { name: 'Удалить: Заметка о доставке' })).toBeInTheDocument();
});

it('without settings added by hand there is no «Другие настройки»', async () => {
  signIn(ADMIN);
  serve([], { variables: variables.filter((v) => v.key !== 'delivery_note') });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  await screen.findByRole('textbox', { name: 'Минимальная сумма заказа' });
  expect(screen.queryByText('Другие настройки')).toBeNull();
});

it('the minimum total is typed as money: refused with a message when it is not an amount, saved as the API’s decimal, and only what changed is sent', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  const minimum = await screen.findByRole('textbox', { name: 'Минимальная сумма заказа' });
  await user.clear(minimum);
  await user.type(minimum, '-5');
  expect(await screen.findByText('Сумма не может быть отрицательной')).toBeInTheDocument();
  await user.clear(minimum);
  await user.type(minimum, '12,345');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите сумму в рублях, например 1 234,50')).toBeInTheDocument();
  expect(changes).toEqual([]);

  await user.clear(minimum);
  await user.type(minimum, '2500,5');
  await user.tab();
  expect((minimum as HTMLInputElement).value.replace(/\s/g, ' ')).toBe('2 500,50');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(changes[0]).toMatchObject({ method: 'PUT', url: '/api/variables/3/' });
  expect(bodyOf(changes[0])).toEqual({ key: 'min_order_total', value: '2500.50', description: '' });
  await waitFor(() => expect(answer()).toHaveTextContent('Настройки сохранены'));
  expect(answer()).toHaveAttribute('data-tone', 'success');
});

it('«Сохранить» with nothing changed sends nothing, and the answer says so', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  await screen.findByRole('textbox', { name: 'Минимальная сумма заказа' });
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(answer()).toHaveTextContent('Изменений нет: сохранять нечего'));
  expect(answer()).toHaveAttribute('data-tone', 'info');
  expect(changes).toEqual([]);
});

it('the support address is checked as an email address, and the server’s field error lands on its field', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes, { refuse: { '/api/variables/4/': { message: 'Ошибка', code: 'invalid', fields: { value: ['Неверный формат.'] } } } });
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  const email = await screen.findByRole('textbox', { name: 'Почта поддержки' });
  await user.clear(email);
  await user.type(email, 'не адрес');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите адрес электронной почты')).toBeInTheDocument();
  expect(changes).toEqual([]);
  await user.clear(email);
  await user.type(email, 'help@portal.test');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Неверный формат.')).toBeInTheDocument();
  expect(changes.map((c) => c.url)).toEqual(['/api/variables/4/']);
});

it('publishing a new agreement version: the text beside its preview, a summary required, then a confirm that says how many must sign', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  const sent = serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  const section = await screen.findByRole('region', { name: 'Дилерский договор' });
  expect(await within(section).findByText(/Действует редакция 2 от 20 ноября 2026/)).toBeInTheDocument();
  expect(within(section).getByText(/Сроки оплаты — 14 дней\./)).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Опубликовать новую редакцию' }));
  const dialog = await dialogTitled('Опубликовать новую редакцию');
  const preview = within(dialog).getByTestId('agreement-preview');
  expect(within(preview).getByRole('heading', { name: 'Дилерский договор' })).toBeInTheDocument();
  const text = within(dialog).getByRole('textbox', { name: 'Текст договора' });

  // The same text again is no new version.
  await user.click(within(dialog).getByRole('button', { name: 'Опубликовать…' }));
  expect(await within(dialog).findByText('Текст не изменился: измените договор, чтобы опубликовать новую редакцию.')).toBeInTheDocument();
  expect(within(dialog).getByText('Заполните поле')).toBeInTheDocument();

  await user.clear(text);
  await user.type(text, '## Новая редакция');
  expect(await within(preview).findByRole('heading', { name: 'Новая редакция' })).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Что изменилось' }), 'Сроки поставки — 10 дней.');
  await user.click(within(dialog).getByRole('button', { name: 'Опубликовать…' }));

  const confirm = await dialogTitled('Опубликовать редакцию 3?');
  expect(await within(confirm).findByText('Пользователей дилеров, которым нужно её подписать: 7.')).toBeInTheDocument();
  expect(confirm).toHaveTextContent('До подписи они смогут только смотреть заказы, отгрузки, претензии и документы');
  expect(changes).toEqual([]);
  expect(sent.some((r) => r.url === '/api/contract/must-sign/')).toBe(true);

  await user.click(within(confirm).getByRole('button', { name: 'Опубликовать' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(changes[0]).toMatchObject({ method: 'POST', url: '/api/contract/versions/' });
  expect(bodyOf(changes[0])).toEqual({ text: '## Новая редакция', summary: 'Сроки поставки — 10 дней.' });
  await waitFor(() => expect(answer()).toHaveTextContent('Редакция 3 опубликована. Пользователей дилеров, которым нужно её подписать: 7.'));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('cancelling the confirm publishes nothing and keeps what was typed', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  await user.click(await screen.findByRole('button', { name: 'Опубликовать новую редакцию' }));
  const dialog = await dialogTitled('Опубликовать новую редакцию');
  await user.type(within(dialog).getByRole('textbox', { name: 'Текст договора' }), '\n\n2. Новый пункт.');
  await user.type(within(dialog).getByRole('textbox', { name: 'Что изменилось' }), 'Пункт 2.');
  await user.click(within(dialog).getByRole('button', { name: 'Опубликовать…' }));
  const confirm = await dialogTitled('Опубликовать редакцию 3?');
  await within(confirm).findByText(/нужно её подписать: 7/);
  await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByText('Опубликовать редакцию 3?')).toBeNull());
  expect(changes).toEqual([]);
  expect(within(dialog).getByRole('textbox', { name: 'Что изменилось' })).toHaveValue('Пункт 2.');
});

it('the versions say what changed and who signed which', async () => {
  signIn(ADMIN);
  serve();
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  const list = await screen.findByRole('region', { name: 'Редакции договора' });
  expect(await within(list).findByText(/Редакция 2 от 20 ноября 2026/)).toBeInTheDocument();
  expect(within(list).getByText('Что изменилось: Сроки оплаты — 14 дней.')).toBeInTheDocument();
  expect(within(list).getByText('Эту редакцию ещё никто не подписал.')).toBeInTheDocument();
  await user.click(within(list).getByText(/Редакция 1 от/));
  expect(await within(list).findByText('Дмитрий Дилеров')).toBeInTheDocument();
  expect(within(list).getByText('ООО «Север»')).toBeInTheDocument();
});

it('a setting added by hand is deleted after a confirm', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  await user.click(await screen.findByRole('button', { name: 'Удалить: Заметка о доставке' }));
  expect(await screen.findByText('Удалить настройку «Заметка о доставке»?')).toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: 'Удалить' }).at(-1)!);
  await waitFor(() => expect(changes).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/variables/2/' })]));
  await waitFor(() => expect(answer()).toHaveTextContent('Настройка «Заметка о доставке» удалена'));
});

it('a setting added by hand is changed in its dialog, and the answer names it', async () => {
  signIn(ADMIN);
  const changes: SentRequest[] = [];
  serve(changes);
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  await user.click(await screen.findByRole('button', { name: 'Изменить: Заметка о доставке' }));
  const dialog = await dialogTitled('Заметка о доставке');
  const value = within(dialog).getByRole('textbox', { name: 'Значение' });
  await user.clear(value);
  await user.type(value, 'По средам');
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(bodyOf(changes[0])).toMatchObject({ key: 'delivery_note', value: 'По средам', description: 'Заметка о доставке' });
  await waitFor(() => expect(answer()).toHaveTextContent('Настройка «Заметка о доставке» сохранена'));
});

it('on a phone the other settings keep their name and buttons, and a signature its dealer under the name', async () => {
  windowOf(390);
  signIn(ADMIN);
  serve();
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  const other = await screen.findByRole('region', { name: 'Другие настройки' });
  expect(within(other).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Описание', '']);
  expect(within(other).getByRole('button', { name: 'Изменить: Заметка о доставке' })).toBeInTheDocument();
  expect(within(other).getByRole('button', { name: 'Удалить: Заметка о доставке' })).toBeInTheDocument();
  const list = screen.getByRole('region', { name: 'Редакции договора' });
  await user.click(await within(list).findByText(/Редакция 1 от/));
  const signer = (await within(list).findByText('Дмитрий Дилеров')).closest('td') as HTMLElement;
  expect(signer).toHaveTextContent('ООО «Север»');
  expect(within(list).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Кто подписал', 'Когда']);
});

it('a manager does not see the settings', async () => {
  signIn(STAFF);
  const sent = serve();
  renderScreen(<SettingsScreen />, { at: '/admin/settings', slices: [variablesArea.slice] });
  expect(screen.queryByText('Настройки')).toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
  expect(sent).toEqual([]);
});
