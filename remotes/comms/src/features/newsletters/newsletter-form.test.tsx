import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Newsletter } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import NewsletterCreate from './create';
import NewsletterEdit from './edit';
import { newslettersArea } from './newsletters-slice';
import '../../translations';

const groups = [{ id: 2, name: 'Опт', discount_percent: '7.00', description: '' }];
const letter: Newsletter = { id: 4, title: 'Прайс', body: 'Старый текст', audience: 2, published: true, published_at: '2026-11-01T09:00:00Z', created_at: '2026-11-01T08:00:00Z' };

function serve(save: (request: SentRequest) => { status?: number; data?: unknown } = () => ({ data: letter })) {
  return answerWith((request) => {
    if (request.url === '/api/dealergroups/') return { data: { count: 1, next: null, previous: null, results: groups } };
    if (request.method === 'GET') return { data: letter };
    return save(request);
  });
}

jest.setTimeout(40_000);
afterEach(() => localStorage.clear());

it('a manager writes a newsletter in Markdown with a live preview drawn as dealers will see it, for one group, saved as a draft', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = renderScreen(<NewsletterCreate />, { at: '/comms/newsletters/new', path: '/comms/newsletters/new', base: '/comms', slices: [newslettersArea.slice]});
  expect(await screen.findByRole('heading', { name: 'Новая рассылка' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Поступления');
  // Pasted at once, as a manager pastes a table (typing it key by key redraws the preview each time).
  fireEvent.change(screen.getByRole('textbox', { name: 'Текст' }), { target: { value: '| Категория | Позиций |\n|---|---:|\n| Инструменты | 120 |' } });
  const preview = screen.getByTestId('newsletter-preview');
  expect(within(preview).getByRole('heading', { name: 'Поступления' })).toBeInTheDocument();
  expect(within(await within(preview).findByRole('table')).getByText('Инструменты')).toBeInTheDocument();

  await user.click(screen.getByRole('combobox', { name: 'Аудитория' }));
  await user.click(await screen.findByTitle('Опт'));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(view.address()).toBe('/comms'));
  expect(screen.getByTestId('answer')).toHaveTextContent(/^Рассылка «.+» сохранена как черновик$/);
  const post = sent.find((r) => r.method === 'POST')!;
  expect(post.url).toBe('/api/newsletters/');
  expect(JSON.parse(String(post.data))).toEqual({
    title: 'Поступления', body: '| Категория | Позиций |\n|---|---:|\n| Инструменты | 120 |', audience: 2, published: false,
  });
  // Saved through the newsletters' area: its flags of spec §4 follow the save.
  expect(newslettersArea.selectArea(view.store.getState())).toMatchObject({ saving: false, saved: true, savedItem: letter });
});

it('«Все дилеры» is the audience by default and goes as null; empty fields are refused before sending', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  renderScreen(<NewsletterCreate />, { at: '/comms/newsletters/new', path: '/comms/newsletters/new', base: '/comms', slices: [newslettersArea.slice] });
  await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите заголовок')).toBeInTheDocument();
  expect(screen.getByText('Введите текст')).toBeInTheDocument();
  expect(sent.some((r) => r.method === 'POST')).toBe(false);
  expect(screen.getByText('Все дилеры')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Всем');
  await user.type(screen.getByRole('textbox', { name: 'Текст' }), 'Привет');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
  expect(JSON.parse(String(sent.find((r) => r.method === 'POST')!.data))).toMatchObject({ audience: null });
});

it('editing loads the newsletter, keeps its publication, and a refused save keeps the text with the field\'s error', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = serve(() => ({ status: 400, data: { message: 'Проверьте поля.', code: 'invalid', fields: { title: ['Не длиннее 300 символов'] } } }));
  renderScreen(<NewsletterEdit />, { at: '/comms/newsletters/4/edit', path: '/comms/newsletters/:id/edit', base: '/comms', slices: [newslettersArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Рассылка: Прайс' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Текст' })).toHaveValue('Старый текст');
  await user.type(screen.getByRole('textbox', { name: 'Текст' }), ' и новый');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Не длиннее 300 символов')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Текст' })).toHaveValue('Старый текст и новый');
  const put = sent.find((r) => r.method === 'PUT')!;
  expect(put.url).toBe('/api/newsletters/4/');
  expect(JSON.parse(String(put.data))).toEqual({ id: 4, title: 'Прайс', body: 'Старый текст и новый', audience: 2, published: true });
});

it('a dealer who follows the address gets «not found», not the form', async () => {
  signIn();
  serve();
  renderScreen(<NewsletterCreate />, { at: '/comms/newsletters/new', path: '/comms/newsletters/new', base: '/comms', slices: [newslettersArea.slice] });
  expect(await screen.findByText('Страница не найдена')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Заголовок' })).toBeNull();
});
