import { screen } from '@testing-library/react';
import type { Newsletter } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import { newsArea } from './news-slice';
import NewsShow from './show';
import '../../translations';

const body = '| Категория | Позиций |\n|---|---:|\n| Инструменты | 120 |';
const letter: Newsletter = { id: 7, title: 'Поступления', body, audience: 2, published: false, published_at: null, created_at: '2026-11-03T08:00:00Z' };

jest.setTimeout(20_000);
afterEach(() => localStorage.clear());

it('a dealer reads one news item at /comms/news/:id from /api/news/, its table drawn', async () => {
  signIn();
  const sent = answerWith(() => ({ data: { ...letter, published: true, published_at: '2026-11-04T08:00:00Z' } }));
  renderScreen(<NewsShow />, { at: '/comms/news/7', path: '/comms/news/:id', slices: [newsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Поступления' })).toBeInTheDocument();
  expect(sent[0].url).toBe('/api/news/7/');
  expect(screen.getByRole('table')).toHaveTextContent('Инструменты');
  expect(screen.getByText('4 ноября 2026 г.')).toBeInTheDocument();
  expect(screen.queryByText('Черновик')).toBeNull();
});

it('another group\'s item, or a draft, is «not found» for a dealer', async () => {
  signIn();
  answerWith(() => ({ status: 404, data: { message: 'Не найдено.', code: 'not_found' } }));
  renderScreen(<NewsShow />, { at: '/comms/news/7', path: '/comms/news/:id', slices: [newsArea.slice] });
  expect(await screen.findByText('Запись не найдена')).toBeInTheDocument();
});

it('staff see a draft as dealers will, marked as a draft', async () => {
  signIn(STAFF);
  const sent = answerWith(() => ({ data: letter }));
  renderScreen(<NewsShow />, { at: '/comms/news/7', path: '/comms/news/:id', slices: [newsArea.slice] });
  expect(await screen.findByText('Черновик')).toBeInTheDocument();
  expect(sent[0].url).toBe('/api/newsletters/7/');
  expect(screen.getByRole('link', { name: /К рассылкам/ })).toBeInTheDocument();
});
