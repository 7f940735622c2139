import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDeletionRequest } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest, chooseFilter } from '@portal/shared/ui/testing';
import { deletionRequestListArea, pendingRequestsArea } from './deletion-requests-slice';
import DeletionRequestList from './list';
import '../../translations';

const created = { from: null, to: 'pending' as const, when: '2026-11-01T09:00:00Z', who: 'Иван Дилеров', who_id: 7, comment: '' };
const request = (id: number, extra: Partial<OrderDeletionRequest> = {}): OrderDeletionRequest => ({
  id, order: 10 + id, order_number: `2026-0000${10 + id}`, reason: `Причина ${id}`, status: 'pending',
  created_at: '2026-11-01T09:00:00Z', decided_at: null, document: null, history: [created], ...extra,
});
const pending = request(1, { document: { name: 'Письмо.pdf', content_type: 'application/pdf', size: 10, sha256: 'x', url: '/api/orderdelreq/1/download/' } });
const rejected = request(2, {
  status: 'rejected', decided_at: '2026-11-04T12:00:00Z',
  history: [created, { from: 'pending', to: 'rejected', when: '2026-11-04T12:00:00Z', who: 'Мария Менеджерова', who_id: 2, comment: 'Заказ уже собран на складе.' }],
});
const approved = request(3, { status: 'approved', decided_at: '2026-11-05T12:00:00Z', history: [created, { from: 'pending', to: 'approved', when: '2026-11-05T12:00:00Z', who: 'Мария Менеджерова', who_id: 2, comment: '' }] });

const page = (results: OrderDeletionRequest[]): Answer => ({ data: { count: results.length, next: null, previous: null, results } });
/** The API as the screen sees it: the queue holds what is pending, the list everything. */
function serve(rows: OrderDeletionRequest[], write: (request: SentRequest) => Answer = () => ({ status: 500 })) {
  return answerWith((sent) => {
    if (sent.method === 'PUT') return write(sent);
    if (sent.params?.status === 'pending') return page(rows.filter((r) => r.status === 'pending'));
    return page(rows);
  });
}
const slices = [deletionRequestListArea.slice, pendingRequestsArea.slice];
const render = (at = '/orders/deletion-requests') => renderScreen(<DeletionRequestList />, { at, base: '/orders', slices });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const fields = (sent: SentRequest) => Object.fromEntries((sent.data as FormData).entries());

// antd's table, selects and dialogs are slow to drive in jsdom on a busy machine. Under jest antd
// gives every element the id 'test-id', so dialogs are found by their text, not their name.
jest.setTimeout(120_000);
afterEach(() => localStorage.clear());

it('a dealer sees its own requests with their decisions and the manager\'s comment, filters them by status, and has nothing to decide', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const sent = serve([pending, rejected, approved]);
  const view = render();
  expect(await screen.findByRole('heading', { name: 'Запросы на отмену' })).toBeInTheDocument();
  expect(await screen.findByText('Причина 1')).toBeInTheDocument();
  expect(sent[0]).toMatchObject({ url: '/api/orderdelreq/', params: { page: 1, page_size: 20, ordering: '-created_at' } });

  expect(within(rowOf('Причина 1')).getByText('На рассмотрении')).toBeInTheDocument();
  expect(within(rowOf('Причина 1')).getByText('ждёт решения')).toBeInTheDocument();
  expect(within(rowOf('Причина 1')).getByRole('button', { name: /^Скачать/ })).toBeInTheDocument();
  expect(within(rowOf('Причина 1')).getByRole('link', { name: 'Заказ № 2026-000011' })).toHaveAttribute('href', '/orders/11');
  const decided = rowOf('Причина 2');
  expect(within(decided).getByText('Отклонён')).toBeInTheDocument();
  expect(within(decided).getByText('4 ноября 2026 г.')).toBeInTheDocument();
  expect(within(decided).getByText('Заказ уже собран на складе.')).toBeInTheDocument();
  expect(within(rowOf('Причина 3')).getByText('Одобрен')).toBeInTheDocument();
  // A dealer decides nothing and has no staff queue.
  expect(screen.queryByRole('button', { name: /Одобрить|Отклонить/ })).toBeNull();
  expect(screen.queryByText('Все запросы')).toBeNull();
  expect(screen.queryByRole('columnheader', { name: 'Действия' })).toBeNull();

  await chooseFilter(user, 'Статус', 'Отклонён');
  await waitFor(() => expect(view.address()).toBe('/orders/deletion-requests?status=rejected'));
  await waitFor(() => expect(sent.at(-1)!.params).toMatchObject({ status: 'rejected' }));
});

it('a document that cannot be downloaded is said as an error answer, not a banner of the list\'s own', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  answerWith((sent) => (sent.url === '/api/orderdelreq/1/download/'
    ? { status: 404, data: new Blob([JSON.stringify({ message: 'Файл не найден.', code: 'not_found' })], { type: 'application/json' }) }
    : page([pending])));
  render();
  await user.click(within(await waitFor(() => rowOf('Причина 1'))).getByRole('button', { name: /^Скачать/ }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent(/^Не удалось скачать «Письмо\.pdf»: .+/));
  expect(screen.getByTestId('answer')).toHaveAttribute('data-tone', 'error');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('staff open on the queue of pending requests and approve one: the confirm says the order is cancelled, the list is asked again after the server answers', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const rows = [pending, rejected];
  const writes: SentRequest[] = [];
  const sent = serve(rows, (put) => {
    writes.push(put);
    rows[0] = { ...pending, status: 'approved', decided_at: '2026-11-06T12:00:00Z' };
    return { data: rows[0] };
  });
  render();
  await screen.findByText('Причина 1');
  expect(sent[0]).toMatchObject({ url: '/api/orderdelreq/', params: { status: 'pending' } });
  expect(screen.queryByText('Причина 2')).toBeNull();
  // The queue has no status filter: all of it is pending.
  expect(screen.queryByRole('combobox', { name: 'Статус' })).toBeNull();

  await user.click(within(rowOf('Причина 1')).getByRole('button', { name: 'Одобрить отмену заказа № 2026-000011' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Одобрить отмену заказа № 2026-000011?');
  expect(dialog).toHaveTextContent('Заказ № 2026-000011 будет отменён');
  // Nothing changes before the server answers.
  expect(writes).toHaveLength(0);
  const lists = sent.filter((r) => r.method === 'GET').length;
  await user.click(within(dialog).getByRole('button', { name: 'Одобрить' }));
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(writes[0].url).toBe('/api/orderdelreq/1/');
  expect(fields(writes[0])).toEqual({ order: '11', reason: 'Причина 1', status: 'approved' });
  expect(await screen.findByText('Запрос одобрен: заказ № 2026-000011 отменён.')).toBeInTheDocument();
  await waitFor(() => expect(sent.filter((r) => r.method === 'GET').length).toBeGreaterThan(lists));
  // Decided, it has left the queue.
  await waitFor(() => expect(screen.queryByText('Причина 1')).toBeNull());
  expect(screen.getByText('Все запросы рассмотрены')).toBeInTheDocument();
});

it('staff reject with a comment for the dealer: the comment is asked for, then sent with the decision', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const writes: SentRequest[] = [];
  serve([pending], (put) => {
    writes.push(put);
    return { data: { ...pending, status: 'rejected', decided_at: '2026-11-06T12:00:00Z' } };
  });
  render();
  await screen.findByText('Причина 1');
  await user.click(within(rowOf('Причина 1')).getByRole('button', { name: 'Отклонить запрос на отмену заказа № 2026-000011' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Заказ останется в работе.');
  const comment = within(dialog).getByRole('textbox', { name: 'Комментарий для дилера' });
  await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
  expect(await within(dialog).findByText('Напишите дилеру, почему запрос отклонён.')).toBeInTheDocument();
  expect(comment).toHaveAttribute('aria-invalid', 'true');
  expect(writes).toHaveLength(0);

  await user.type(comment, 'Заказ уже собран на складе.');
  await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(fields(writes[0])).toEqual({ order: '11', reason: 'Причина 1', status: 'rejected', status_comment: 'Заказ уже собран на складе.' });
  expect(await screen.findByText('Запрос по заказу № 2026-000011 отклонён.')).toBeInTheDocument();
});

it('a change the server refuses shows its message in the dialog, which stays open, and the row stays as it was', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  serve([pending], () => ({ status: 409, data: { message: 'Такой переход статуса невозможен.', code: 'status_transition' } }));
  render();
  await screen.findByText('Причина 1');
  await user.click(within(rowOf('Причина 1')).getByRole('button', { name: /^Одобрить/ }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Одобрить' }));
  expect(await within(dialog).findByText('Такой переход статуса невозможен.')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeVisible();
  expect(within(rowOf('Причина 1')).getByText('На рассмотрении')).toBeInTheDocument();
  expect(screen.queryByText(/Запрос одобрен/)).toBeNull();
});

it('staff switch from the queue to all requests, where the status filter is; the view is in the address', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = serve([pending, rejected, approved]);
  const view = render();
  await screen.findByText('Причина 1');
  await user.click(screen.getByText('Все запросы'));
  await waitFor(() => expect(view.address()).toBe('/orders/deletion-requests?view=all'));
  expect(await screen.findByText('Причина 2')).toBeInTheDocument();
  expect(sent.at(-1)!.url).toBe('/api/orderdelreq/');
  // Decided requests have nothing left to decide.
  expect(within(rowOf('Причина 2')).queryByRole('button', { name: /Одобрить|Отклонить/ })).toBeNull();
  expect(within(rowOf('Причина 1')).getByRole('button', { name: /^Одобрить/ })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Статус' })).toBeInTheDocument();
});
