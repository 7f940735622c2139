import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { apiClient, createPortalStore, injectSlices, setTokens, type Newsletter } from '@portal/shared';
import type { AxiosAdapter, AxiosResponse } from 'axios';
import { newsArea } from './news-area';
import NewsList from './list';
import '../../translations';

const news: Newsletter[] = [
  { id: 1, title: 'Новый прайс-лист', body: 'Цены **обновлены**.<script>alert(1)</script>', audience: null, published: true, published_at: '2026-11-01T09:00:00Z', created_at: '2026-11-01T08:00:00Z' },
];

function token(isStaff: boolean) {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ token_type: 'access', exp: Date.now() / 1000 + 300, iat: 0, jti: 'j', user_id: 5, email: 'x@demo.test', role: isStaff ? 'manager' : 'dealer', is_staff: isStaff, dealer: isStaff ? null : 1, contract_signed: true })}.s`;
}

function serve(isStaff: boolean) {
  const urls: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    urls.push(String(config.url));
    return { data: { count: news.length, next: null, previous: null, results: news }, status: 200, statusText: 'OK', headers: {}, config } as AxiosResponse;
  };
  apiClient.defaults.adapter = adapter;
  setTokens({ access: token(isStaff), refresh: 'r' });
  const store = createPortalStore();
  injectSlices([newsArea.slice]);
  render(<Provider store={store}><NewsList /></Provider>);
  return urls;
}

afterEach(() => localStorage.clear());

it('a dealer reads published news from /api/news/, the Markdown rendered without raw HTML', async () => {
  const urls = serve(false);
  expect(await screen.findByText('Новый прайс-лист')).toBeInTheDocument();
  expect(urls[0]).toBe('/api/news/');
  expect(screen.getByText('обновлены').tagName).toBe('STRONG');
  expect(document.querySelector('.news-body script')).toBeNull();
  expect(screen.getByRole('heading', { name: 'Новости' })).toBeInTheDocument();
});

it('staff manage every newsletter through /api/newsletters/', async () => {
  const urls = serve(true);
  expect(await screen.findByText('Новый прайс-лист')).toBeInTheDocument();
  expect(urls[0]).toBe('/api/newsletters/');
  expect(screen.getByRole('heading', { name: 'Рассылки и новости' })).toBeInTheDocument();
});

it('the cards take the whole width of the content area, the body flush with the card\'s padding', async () => {
  serve(false);
  const title = await screen.findByText('Новый прайс-лист');
  const list = screen.getByTestId('news-list');
  for (let box: HTMLElement | null = list; box && box !== document.body; box = box.parentElement) {
    expect(box.style.maxWidth).toBe('');
  }
  const card = title.closest('.ant-card') as HTMLElement;
  expect(card.style.width).toBe('');
  // No margin of its own above the first line or below the last: only the card's padding frames the text.
  const paragraph = within(card).getByText(/Цены/).closest('p')!;
  expect(paragraph).toHaveStyle({ marginTop: '0px', marginBottom: '0px' });
});
