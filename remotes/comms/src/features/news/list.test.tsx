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

  // The pager, as a user reaches it: «next page» asks for page 3 and puts it in the address.
  // Queried anew after each change: the list redraws while the next page loads.
  const pager = () => screen.getByRole('navigation', { name: 'Страницы' });
  expect(within(pager()).getByRole('button', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  await user.click(within(pager()).getByRole('button', { name: 'Следующая страница' }));
  await waitFor(() => expect(view.address()).toBe('/comms?page=3&search=%D0%BF%D1%80%D0%B0%D0%B9%D1%81'));
  expect(await screen.findByText('Новость 21')).toBeInTheDocument();
  expect(sent.at(-1)?.params).toEqual({ page: 3, page_size: 10, ordering: '-published_at', search: 'прайс' });
  expect(within(pager()).getByRole('button', { name: 'Страница 3' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager()).getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
  fireEvent.click(screen.getByTestId('history-back'));
  expect(await screen.findByText('Новость 11')).toBeInTheDocument();
});

it('the pager: previous, the page numbers and next, each a named button reached with Tab and pressed from the keyboard; no page-size choice', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(({ params }) => ({ data: { count: 95, next: null, previous: null, results: [item((Number(params.page) - 1) * 10 + 1)] } }));
  const view = renderScreen(<NewsList />, { at: '/comms', slices: [newsArea.slice] });
  expect(await screen.findByText('Новость 1')).toBeInTheDocument();
  const pager = () => screen.getByRole('navigation', { name: 'Страницы' });
  // The first page: the first five pages, a gap, the last; «previous» is off.
  expect(within(pager()).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
    'Предыдущая страница', 'Страница 1', 'Страница 2', 'Страница 3', 'Страница 4', 'Страница 5', 'Страница 10', 'Следующая страница',
  ]);
  expect(within(pager()).getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
  expect(within(pager()).getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
  expect(within(pager()).getByRole('button', { name: 'Страница 5' })).toHaveTextContent(/^5$/);
  expect(screen.queryByRole('combobox')).toBeNull();

  // From the keyboard: Tab onto the last page's button, Enter.
  within(pager()).getByRole('button', { name: 'Страница 5' }).focus();
  await user.tab();
  expect(within(pager()).getByRole('button', { name: 'Страница 10' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(view.address()).toBe('/comms?page=10'));
  expect(await screen.findByText('Новость 91')).toBeInTheDocument();
  expect(sent.at(-1)?.params).toEqual({ page: 10, page_size: 10, ordering: '-published_at' });
  expect(within(pager()).getByRole('button', { name: 'Следующая страница' })).toBeDisabled();

  // «previous» with Space: page 9, the pages around it.
  within(pager()).getByRole('button', { name: 'Предыдущая страница' }).focus();
  await user.keyboard(' ');
  await waitFor(() => expect(view.address()).toBe('/comms?page=9'));
  expect(await screen.findByText('Новость 81')).toBeInTheDocument();
  expect(within(pager()).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual([
    'Предыдущая страница', '1', '6', '7', '8', '9', '10', 'Следующая страница',
  ]);
});

it('one page of news shows no pager', async () => {
  answerWith(() => ({ data: { count: 10, next: null, previous: null, results: [item(1)] } }));
  renderScreen(<NewsList />, { at: '/comms', slices: [newsArea.slice] });
  expect(await screen.findByText('Новость 1')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Страницы' })).toBeNull();
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
  const card = title.closest('article') as HTMLElement;
  expect(card.style.width).toBe('');
  expect(within(card).getByText('Цены обновлены.')).toBeInTheDocument();
});
