import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import type { ExchangeAccount, ExchangeRun } from './api';
import ExchangeScreen from './exchange-screen';
import '../../translations';

const ADMIN = { ...STAFF, role: 'admin' as const, email: 'admin@demo.test', user_id: 1 };

const accounts: ExchangeAccount[] = [
  { id: 3, login: '1c-ut', created_at: '2026-11-02T08:00:00Z', created_by: 'admin@demo.test', last_used_at: '2026-11-30T10:00:00Z' },
];

const run = (id: number, more: Partial<ExchangeRun> = {}): ExchangeRun => ({
  id, kind: 'catalog', account: '1c-ut', started_at: '2026-11-30T10:00:00Z', finished_at: '2026-11-30T10:01:00Z', status: 'success',
  files: [{ id: 10 + id, name: 'import.xml', size: 2048, status: 'done', message: '' }], created: 120, updated: 4, withdrawn: 1, skipped: 2, errors: [], ...more,
});

const failed = run(2, {
  status: 'failure', created: 0, updated: 0, withdrawn: 0, skipped: 0,
  files: [{ id: 20, name: 'offers.xml', size: 4096, status: 'failed', message: 'offers.xml: Тип цен «Оптовая» не найден в файле' }],
  errors: [{ file: 'offers.xml', element: 'Предложение (Ид p-9)', message: 'Тип цен «Оптовая» не найден в файле' }],
});

function serve(options: { runs?: ExchangeRun[]; count?: number; orders?: Array<{ id: number; number: string }> } = {}) {
  return answerWith((request: SentRequest) => {
    if (request.method === 'GET' && request.url === '/api/exchange/accounts/') return { data: accounts };
    if (request.method === 'GET' && request.url === '/api/exchange/runs/') {
      const runs = options.runs ?? [failed, run(1)];
      return { data: { count: options.count ?? runs.length, next: null, previous: null, results: runs } };
    }
    if (request.method === 'GET' && request.url === '/api/variables/') return { data: { count: 1, next: null, previous: null, results: [{ id: 7, key: 'exchange_price_type', value: 'Оптовая', description: '' }] } };
    if (request.method === 'GET' && request.url === '/api/orders/') return { data: { count: 1, next: null, previous: null, results: options.orders ?? [] } };
    if (request.method === 'POST' && request.url === '/api/exchange/accounts/') return { status: 201, data: { id: 4, login: JSON.parse(String(request.data)).login, key: 'pex_secret-key-shown-once' } };
    return { status: 204, data: '' };
  });
}

const render = (at = '/admin/exchange') => renderScreen(<ExchangeScreen />, { at, base: '/admin', path: '/admin/exchange' });

jest.setTimeout(120_000);
afterEach(() => { localStorage.clear(); });

it('shows the address for 1C, the accounts, the price type and every exchange with its counts, files and errors', async () => {
  signIn(ADMIN);
  serve();
  render();
  expect(await screen.findByRole('heading', { level: 1, name: 'Обмен с 1С' })).toBeInTheDocument();
  expect(screen.getByLabelText('Адрес сайта для 1С')).toHaveValue(`${window.location.origin}/api/exchange/1c/`);
  expect(await screen.findByText('1c-ut', { selector: 'td' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Удалить учётную запись «1c-ut»' })).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'Название типа цен в 1С' })).toHaveValue('Оптовая');

  const table = await screen.findByRole('table', { name: 'Обмены' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).getByText('Ошибка')).toBeInTheDocument();
  expect(within(rows[0]).getByText('offers.xml: Тип цен «Оптовая» не найден в файле')).toBeInTheDocument();
  expect(within(rows[0]).getByText('Ошибки и замечания: 1')).toBeInTheDocument();
  expect(within(rows[0]).getByText('offers.xml, Предложение (Ид p-9)')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Успешно')).toBeInTheDocument();
  expect(within(rows[1]).getByLabelText('создано 120, обновлено 4, снято 1, пропущено 2')).toHaveTextContent('120 / 4 / 1 / 2');
  expect(within(rows[1]).getByRole('button', { name: 'Скачать import.xml' })).toBeInTheDocument();
});

it('says so when there was no exchange yet, and pages the runs through the address', async () => {
  signIn(ADMIN);
  serve({ runs: [], count: 0 });
  render();
  expect(await screen.findByText('Обменов ещё не было. Они появятся здесь, когда 1С начнёт обмен.')).toBeInTheDocument();
});

it('pages the runs: the page is in the address and is what the list asks for', async () => {
  signIn(ADMIN);
  const sent = serve({ runs: [run(1)], count: 45 });
  render('/admin/exchange?page=2');
  await screen.findByRole('table', { name: 'Обмены' });
  expect(sent.filter((r) => r.url === '/api/exchange/runs/').at(-1)!.params).toEqual({ page: 2, page_size: 20 });
  await userEvent.click(screen.getByRole('button', { name: 'Страница 3' }));
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/exchange/runs/').at(-1)!.params).toEqual({ page: 3, page_size: 20 }));
});

it('makes an exchange account and shows its key once', async () => {
  signIn(ADMIN);
  const sent = serve();
  render();
  await userEvent.click(await screen.findByRole('button', { name: 'Создать учётную запись обмена' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Логин' }), 'плохой логин');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
  expect(await within(dialog).findByText('Только латинские буквы, цифры, «.», «-» и «_», от 3 до 100 знаков')).toBeInTheDocument();
  await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Логин' }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Логин' }), '1c-erp');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
  expect(await within(dialog).findByRole('textbox', { name: 'Ключ (пароль для 1С)' })).toHaveValue('pex_secret-key-shown-once');
  expect(sent.find((r) => r.method === 'POST' && r.url === '/api/exchange/accounts/')!.data).toBe(JSON.stringify({ login: '1c-erp' }));
});

it('sends an order to 1C again by its number, and says when there is no such order', async () => {
  signIn(ADMIN);
  const sent = serve({ orders: [{ id: 42, number: 'ORD-2026-000042' }] });
  render();
  const field = await screen.findByLabelText('Номер заказа');
  await userEvent.type(field, 'ORD-2026-000042');
  await userEvent.click(screen.getByRole('button', { name: 'Выгрузить заново' }));
  await waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.url === '/api/orders/42/exchange/reset/')).toBe(true));
  expect(await screen.findByText('Заказ № ORD-2026-000042 уйдёт в 1С при следующем обмене')).toBeInTheDocument();
  // The form is cleared after a send (antd draws its field anew).
  const again = screen.getByLabelText('Номер заказа');
  expect(again).toHaveValue('');
  await userEvent.type(again, 'ORD-404');
  await userEvent.click(screen.getByRole('button', { name: 'Выгрузить заново' }));
  expect(await screen.findByText('Заказа № ORD-404 нет')).toBeInTheDocument();
});

it('is the admin\'s: a manager gets the not-found panel', async () => {
  signIn(STAFF);
  serve();
  render();
  expect(await screen.findByText('Обмен с 1С настраивает администратор портала.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
});
