import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Newsletter } from '@portal/shared';
import { answerWith, renderScreen, signIn } from '@portal/shared/ui/testing';
import { newsArea } from './news-slice';
import NewsList from './list';
import '../../translations';

const item = (id: number, extra: Partial<Newsletter> = {}): Newsletter => ({
  id, title: `Новость ${id}`, body: 'Цены **обновлены**.<script>alert(1)</script>', audience: null, published: true,
  published_at: '2026-11-01T09:00:00Z', created_at: '2026-11-01T08:00:00Z', ...extra,
});

jest.setTimeout(30_000);
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

it('a dealer reads published news from /api/news/: the opening of each text as plain words, the title and «Читать полностью» links to its page', async () => {
  const sent = answerWith(() => ({ data: { count: 1, next: null, previous: null, results: [item(1, { title: 'Новый прайс-лист' })] } }));
  renderScreen(<NewsList />, { at: '/comms', slices: [newsArea.slice] });
  expect(await screen.findByText('Новый прайс-лист')).toBeInTheDocument();
  expect(sent[0].url).toBe('/api/news/');
  expect(sent[0].params).toEqual({ page: 1, page_size: 10, ordering: '-published_at' });
  // The list draws no Markdown (its renderer loads with the item's page), and no raw HTML either.
  expect(screen.getByText('Цены обновлены.').tagName).toBe('DIV');
  expect(screen.queryByText(/alert/)).toBeNull();
  expect(document.querySelector('script')).toBeNull();
  expect(screen.getByRole('link', { name: 'Читать полностью: Новый прайс-лист' })).toHaveAttribute('href', '/comms/news/1');
  expect(screen.getByRole('heading', { name: 'Новости' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Новый прайс-лист' })).toHaveAttribute('href', '/comms/news/1');
  expect(screen.getByText('1 ноября 2026 г.')).toBeInTheDocument();
});

it('page and search live in the address: a reload asks for the same view, and back returns to the previous one', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(({ params }) => ({ data: { count: 25, next: null, previous: null, results: [item((Number(params.page) - 1) * 10 + 1)] } }));
  const view = renderScreen(<NewsList />, { at: '/comms?page=2&search=%D0%BF%D1%80%D0%B0%D0%B9%D1%81', slices: [newsArea.slice] });
  expect(await screen.findByText('Новость 11')).toBeInTheDocument();
  expect(sent[0].params).toEqual({ page: 2, page_size: 10, ordering: '-published_at', search: 'прайс' });
  expect(screen.getByRole('searchbox', { name: 'Поиск по новостям' })).toHaveValue('прайс');

  await user.click(screen.getByRole('listitem', { name: '3' }));
  await waitFor(() => expect(view.address()).toBe('/comms?page=3&search=%D0%BF%D1%80%D0%B0%D0%B9%D1%81'));
  expect(await screen.findByText('Новость 21')).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('history-back'));
  expect(await screen.findByText('Новость 11')).toBeInTheDocument();
});

it('a failed list shows the message; retry asks for the same view', async () => {
  let fail = true;
  const sent = answerWith(() => (fail ? { status: 502, data: { message: 'Сервер недоступен' } } : { data: { count: 0, next: null, previous: null, results: [] } }));
  renderScreen(<NewsList />, { at: '/comms?page=2', slices: [newsArea.slice] });
  expect(await screen.findByText('Сервер недоступен')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  expect(sent[1].params).toEqual(sent[0].params);
});

it('the cards take the whole width of the content area', async () => {
  answerWith(() => ({ data: { count: 1, next: null, previous: null, results: [item(1)] } }));
  renderScreen(<NewsList />, { at: '/comms', slices: [newsArea.slice] });
  const title = await screen.findByText('Новость 1');
  const list = screen.getByTestId('news-list');
  for (let box: HTMLElement | null = list; box && box !== document.body; box = box.parentElement) {
    expect(box.style.maxWidth).toBe('');
  }
  const card = title.closest('.ant-card') as HTMLElement;
  expect(card.style.width).toBe('');
  expect(within(card).getByText('Цены обновлены.')).toBeInTheDocument();
});
