import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Newsletter } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest, chooseFilter } from '@portal/shared/ui/testing';
import NewslettersList from './list';
import { newslettersArea } from './newsletters-slice';
import '../../translations';

const letters: Newsletter[] = [
  { id: 1, title: 'Прайс на декабрь', body: 'Текст', audience: null, published: true, published_at: '2026-11-01T09:00:00Z', created_at: '2026-11-01T08:00:00Z' },
  { id: 2, title: 'Акция для опта', body: 'Текст', audience: 2, published: false, published_at: null, created_at: '2026-11-02T08:00:00Z' },
];
const groups = [{ id: 2, name: 'Опт', discount_percent: '7.00', description: '' }, { id: 3, name: 'Розница', discount_percent: '0.00', description: '' }];

function serve(changes: SentRequest[] = []) {
  return answerWith((request) => {
    if (request.url === '/api/dealergroups/') return { data: { count: 2, next: null, previous: null, results: groups } };
    if (request.method !== 'GET') {
      changes.push(request);
      return { status: request.method === 'DELETE' ? 204 : 200, data: {} };
    }
    return { data: { count: letters.length, next: null, previous: null, results: letters } };
  });
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

// Under jest antd gives every element the id 'test-id', so dialogs are found by their text, not their name.
jest.setTimeout(120_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('staff see every newsletter, drafts too, with audience, status and dates, from /api/newsletters/', async () => {
  const sent = serve();
  renderScreen(<NewslettersList />, { at: '/comms', slices: [newslettersArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Рассылки и новости' })).toBeInTheDocument();
  expect(await screen.findByText('Акция для опта')).toBeInTheDocument();
  expect(sent.find((r) => r.url === '/api/newsletters/')!.params).toEqual({ page: 1, page_size: 20, ordering: '-created_at' });
  expect(within(rowOf('Прайс на декабрь')).getByText('Все дилеры')).toBeInTheDocument();
  expect(within(rowOf('Прайс на декабрь')).getByText('Опубликована')).toBeInTheDocument();
  await waitFor(() => expect(within(rowOf('Акция для опта')).getByText('Группа «Опт»')).toBeInTheDocument());
  expect(within(rowOf('Акция для опта')).getByText('Черновик')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Акция для опта' })).toHaveAttribute('href', '/comms/news/2');
  expect(screen.getByRole('button', { name: 'Экспорт CSV' })).toBeInTheDocument();
});

it('filters by status and audience go into the address and to the API', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = renderScreen(<NewslettersList />, { at: '/comms', slices: [newslettersArea.slice] });
  await screen.findByText('Акция для опта');
  await chooseFilter(user, 'Статус', 'Черновики');
  await waitFor(() => expect(view.address()).toBe('/comms?published=false'));
  await chooseFilter(user, 'Аудитория', 'Розница');
  await waitFor(() => expect(view.address()).toBe('/comms?published=false&audience=3'));
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/newsletters/').at(-1)!.params)
    .toEqual({ page: 1, page_size: 20, ordering: '-created_at', published: 'false', audience: '3' }));
});

it('publishing asks first, sends the whole newsletter with published on, and lists again once the server agrees', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  const sent = serve(changes);
  renderScreen(<NewslettersList />, { at: '/comms', slices: [newslettersArea.slice] });
  await screen.findByText('Акция для опта');
  await user.click(within(rowOf('Акция для опта')).getByRole('button', { name: 'Опубликовать' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Опубликовать «Акция для опта»?');
  await waitFor(() => expect(dialog).toHaveTextContent('Рассылку увидят: Группа «Опт».'));
  expect(changes).toHaveLength(0);
  const lists = sent.filter((r) => r.url === '/api/newsletters/').length;
  await user.click(within(dialog).getByRole('button', { name: 'Опубликовать' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(changes[0]).toMatchObject({ method: 'PUT', url: '/api/newsletters/2/' });
  expect(JSON.parse(String(changes[0].data))).toEqual({ title: 'Акция для опта', body: 'Текст', audience: 2, published: true });
  expect(screen.getByTestId('answer')).toHaveTextContent('Рассылка «Акция для опта» опубликована');
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/newsletters/').length).toBe(lists + 1));
});

it('withdrawing and deleting each ask first', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  serve(changes);
  renderScreen(<NewslettersList />, { at: '/comms', slices: [newslettersArea.slice] });
  await screen.findByText('Прайс на декабрь');
  await user.click(within(rowOf('Прайс на декабрь')).getByRole('button', { name: 'Снять с публикации' }));
  const withdraw = await screen.findByRole('dialog');
  expect(withdraw).toHaveTextContent('Снять «Прайс на декабрь» с публикации?');
  await user.click(within(withdraw).getByRole('button', { name: 'Снять с публикации' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(JSON.parse(String(changes[0].data))).toMatchObject({ published: false });

  await user.click(within(rowOf('Прайс на декабрь')).getByRole('button', { name: 'Удалить' }));
  const remove = await screen.findByRole('dialog');
  expect(remove).toHaveTextContent('Удалить «Прайс на декабрь»?');
  await user.click(within(remove).getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(changes).toHaveLength(1);
  await user.click(within(rowOf('Прайс на декабрь')).getByRole('button', { name: 'Удалить' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(changes).toHaveLength(2));
  expect(changes[1]).toMatchObject({ method: 'DELETE', url: '/api/newsletters/1/' });
});
