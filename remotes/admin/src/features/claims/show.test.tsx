import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claim, ClaimComment } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import { claimsArea } from './claims-slice';
import ClaimShow from './show';
import '../../translations';

const claim: Claim = {
  id: 7, order: 22, order_number: '2026-000022', dealer: 3, dealer_name: 'ТехноСнаб', product: 101, product_name: 'Дрель-шуруповёрт',
  quantity: 2, reason: 'damaged', description: 'Треснул корпус', status: 'in_review', resolution: '', created_at: '2026-11-20T09:00:00Z',
  files: [{ id: 1, name: 'трещина.png', content_type: 'image/png', size: 2048, url: '/api/claims/7/files/1/' }],
  history: [
    { from: null, to: 'new', when: '2026-11-20T09:00:00Z', who: 'Дмитрий Дилеров', who_id: 7, comment: '' },
    { from: 'new', to: 'in_review', when: '2026-11-21T09:00:00Z', who: 'Мария Менеджерова', who_id: 2, comment: '' },
  ],
};
const reply: ClaimComment = {
  id: 1, author: 2, author_name: 'Мария Менеджерова', author_is_staff: true, body: 'Заменим товар', internal: false, created_at: '2026-11-21T10:00:00Z', files: [],
};
/** The JSON body the client sent (axios hands it over as text). */
const bodyOf = (request: SentRequest | undefined): unknown => (typeof request?.data === 'string' ? JSON.parse(request.data) : request?.data);
const page = <T,>(results: T[]) => ({ data: { count: results.length, next: null, previous: null, results } });

function serve(comments: ClaimComment[], other?: (r: SentRequest) => { status?: number; data: unknown } | undefined) {
  return answerWith((request) => {
    const answered = other?.(request);
    if (answered) return answered;
    if (request.method === 'GET' && request.url === '/api/claims/7/') return { data: claim };
    if (request.method === 'GET' && request.url === '/api/claims/7/comments/') return page(comments);
    return { status: 500, data: { message: `unexpected ${request.method} ${request.url}` } };
  });
}

const open = () => renderScreen(<ClaimShow />, { at: '/admin/claims/7', base: '/admin', path: '/admin/claims/:id', slices: [claimsArea.slice] });

jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 15_000 });
afterEach(() => localStorage.clear());

it('a dealer sees what is claimed, its photo, the timeline and the conversation, and can neither change the status nor write a note', async () => {
  signIn();
  serve([reply]);
  open();
  expect(await screen.findByRole('heading', { name: 'Претензия № 7' })).toBeInTheDocument();
  expect(screen.getByText('Повреждение')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Скачать «трещина.png»' })).toBeInTheDocument();
  expect(screen.getAllByTestId('status-change')).toHaveLength(2);
  expect(within(await screen.findByTestId('claim-message')).getByText('Заменим товар')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: /Внутренняя заметка/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Принять' })).toBeNull();
});

it('staff accept only with a resolution, which goes to the server with the step; an internal note is sent as one', async () => {
  const user = userEvent.setup({ delay: null });
  signIn(STAFF);
  const sent = serve([], (r) => {
    if (r.method === 'PUT') return { data: { ...claim, status: 'accepted', resolution: 'Замена' } };
    if (r.method === 'POST') return { status: 201, data: { ...reply, internal: true, body: 'Проверить склад' } };
    return undefined;
  });
  open();
  await user.click(await screen.findByRole('button', { name: 'Принять' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Принять' }));
  expect(await within(dialog).findByText('Напишите решение: без него претензию нельзя принять или отклонить.')).toBeInTheDocument();
  expect(sent.some((r) => r.method === 'PUT')).toBe(false);
  await user.type(within(dialog).getByLabelText('Решение'), 'Замена');
  await user.click(within(dialog).getByRole('button', { name: 'Принять' }));
  await waitFor(() => expect(bodyOf(sent.find((r) => r.method === 'PUT'))).toMatchObject({ status: 'accepted', resolution: 'Замена', reason: 'damaged' }));

  await user.type(screen.getByLabelText('Сообщение'), 'Проверить склад');
  await user.click(screen.getByRole('checkbox', { name: /Внутренняя заметка/ }));
  await user.click(screen.getByRole('button', { name: 'Сохранить заметку' }));
  await waitFor(() => expect(bodyOf(sent.find((r) => r.method === 'POST'))).toEqual({ body: 'Проверить склад', internal: true }));
});

it('a photo shows as a thumbnail that opens large; a note looks apart from a reply, and the note choice sits by the send button', async () => {
  const user = userEvent.setup({ delay: null });
  const created = jest.fn(() => 'blob:photo');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  signIn(STAFF);
  const sent = serve([reply, { ...reply, id: 2, internal: true, body: 'Проверить склад' }], (r) => (
    r.method === 'GET' && r.url === '/api/claims/7/files/1/' ? { data: new Blob(['png'], { type: 'image/png' }) } : undefined));
  open();
  const thumbnail = await screen.findByRole('button', { name: 'Открыть фото «трещина.png» крупно' });
  await waitFor(() => expect(thumbnail).toBeEnabled());
  expect(sent.find((r) => r.url === '/api/claims/7/files/1/')?.responseType).toBe('blob');
  await user.click(thumbnail);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('img', { name: 'трещина.png' })).toHaveAttribute('src', 'blob:photo');

  const [answer, note] = await screen.findAllByTestId('claim-message');
  expect(note).toHaveAttribute('data-internal', 'true');
  expect(answer).not.toHaveAttribute('data-internal');
  expect(within(note).getByText(/Внутренняя заметка — видна только сотрудникам/)).toBeInTheDocument();
  expect(within(answer).queryByText(/Внутренняя заметка/)).toBeNull();
  const row = screen.getByRole('checkbox', { name: /Внутренняя заметка/ }).closest('.ant-flex');
  expect(row).toContainElement(screen.getByRole('button', { name: 'Отправить' }));
});
