// The client's side of "data before code" (design §3, issue 31 item 3): what the page's inline script
// asked ahead is taken once by a read of exactly that URL with the same token; anything else, an error
// answer above all, goes to the server as before, refresh and retry included.
import { isCancel } from 'axios';
import { createApiClient, TOKEN_REFRESH_PATH } from './api-client';
import { createCrudArea } from './crud-area';
import { PRELOAD_FRESH_MS, takePreloaded } from './preload';
import { createPortalStore, injectSlices } from './store';
import { accessToken, deferred, memoryTokenStore, stubServer } from './test-helpers';

const NEWS = '/api/news/?page=1&page_size=10&ordering=-published_at';
const page = (title: string) => ({ count: 1, next: null, previous: null, results: [{ id: 1, title }] });

/** What fetch answers, as much of it as the client reads. */
function answer(status: number, body: unknown = {}): Response {
  return {
    ok: status >= 200 && status < 300, status, statusText: String(status),
    headers: new Map([['content-type', 'application/json']]),
    text: async () => JSON.stringify(body),
  } as unknown as Response;
}

/** The page's preload as the inline script leaves it: asked with `token` now (or `at`). */
function preloaded(token: string, answers: Record<string, Promise<Response>>, at = Date.now()) {
  window.__portalPreload = { token, at, answers };
}

/** A client whose server knows only `valid` (401 otherwise) and hands out `fresh` on refresh. */
function setup(access: string, { fresh = accessToken(), valid = access } = {}) {
  let current = valid;
  const server = stubServer((request) => {
    if (request.url === TOKEN_REFRESH_PATH) {
      current = fresh;
      return { status: 200, data: { access: fresh, refresh: 'refresh-2' } };
    }
    if (request.method !== 'GET') return { status: 201, data: {} };
    return request.authorization === `Bearer ${current}` ? { status: 200, data: page('from the server') } : { status: 401, data: { code: 'token_not_valid' } };
  });
  const tokens = memoryTokenStore({ access, refresh: 'refresh-1' });
  const client = createApiClient({ baseURL: '', adapter: server.adapter, tokens, lock: (task) => task() });
  return { server, tokens, client, fresh };
}

afterEach(() => {
  delete window.__portalPreload;
});

it('a read of exactly the preloaded URL with the same token takes its answer once; the next read asks the server', async () => {
  const access = accessToken();
  const { server, client } = setup(access);
  preloaded(access, { [NEWS]: Promise.resolve(answer(200, page('preloaded'))) });
  // The URL as axios makes it from the path and the query, in the caller's order.
  const first = await client.get('/api/news/', { params: { page: 1, page_size: 10, ordering: '-published_at' } });
  expect(first.data).toEqual(page('preloaded'));
  expect(first.status).toBe(200);
  expect(server.requests).toHaveLength(0);
  const second = await client.get(NEWS);
  expect(second.data).toEqual(page('from the server'));
  expect(server.requests).toHaveLength(1);
});

it('another URL, or the same query in another order, is not the preloaded read', async () => {
  const access = accessToken();
  const { server, client } = setup(access);
  preloaded(access, { [NEWS]: Promise.resolve(answer(200, page('preloaded'))) });
  await client.get('/api/news/', { params: { page_size: 10, page: 1, ordering: '-published_at' } });
  await client.get('/api/news/?page=1&page_size=10');
  expect(server.requests.map((r) => r.url)).toEqual(['/api/news/', '/api/news/?page=1&page_size=10']);
  expect(window.__portalPreload?.answers[NEWS]).toBeDefined();
  expect((await client.get(NEWS)).data).toEqual(page('preloaded'));
});

it('an answer asked with a token that is no longer the one sent, or asked too long ago, is dropped and the server asked', async () => {
  const access = accessToken();
  const { server, client, tokens } = setup(accessToken(), { valid: access });
  tokens.set({ access, refresh: 'refresh-1' });
  preloaded('the token before a refresh', { [NEWS]: Promise.resolve(answer(200, page('preloaded'))) });
  expect((await client.get(NEWS)).data).toEqual(page('from the server'));
  expect(window.__portalPreload?.answers[NEWS]).toBeUndefined();
  preloaded(access, { [NEWS]: Promise.resolve(answer(200, page('preloaded'))) }, Date.now() - PRELOAD_FRESH_MS - 1);
  expect((await client.get(NEWS)).data).toEqual(page('from the server'));
  expect(server.requests).toHaveLength(2);
  // Nothing is handed out without a token to compare.
  preloaded(access, { [NEWS]: Promise.resolve(answer(200)) });
  expect(takePreloaded(NEWS, null)).toBeUndefined();
});

it('a 401 answer (an expired token) is dropped: the read goes to the server, which refuses it too, and the client refreshes and retries', async () => {
  const expired = accessToken();
  const { server, client, tokens, fresh } = setup(expired, { valid: 'not this one' });
  preloaded(expired, { [NEWS]: Promise.resolve(answer(401, { code: 'token_not_valid' })) });
  const { data } = await client.get(NEWS);
  expect(data).toEqual(page('from the server'));
  expect(server.requests.map((r) => `${r.method} ${r.url} ${r.authorization === `Bearer ${fresh}` ? 'fresh' : 'old'}`)).toEqual([
    `GET ${NEWS} old`, `POST ${TOKEN_REFRESH_PATH} old`, `GET ${NEWS} fresh`,
  ]);
  expect(tokens.get()?.access).toBe(fresh);
});

it('a server error or a failed fetch is dropped the same way: the server is asked', async () => {
  const access = accessToken();
  const { server, client } = setup(access);
  preloaded(access, {
    [NEWS]: Promise.resolve(answer(500, { message: 'boom' })),
    '/api/orders/': Promise.reject(new TypeError('Failed to fetch')),
  });
  expect((await client.get(NEWS)).data).toEqual(page('from the server'));
  expect((await client.get('/api/orders/')).data).toEqual(page('from the server'));
  expect(server.requests.map((r) => r.url)).toEqual([NEWS, '/api/orders/']);
});

it('a change through the client drops the answers not taken yet; the token calls do not', async () => {
  const access = accessToken();
  const { server, client, fresh } = setup(access);
  preloaded(access, { [NEWS]: Promise.resolve(answer(200, page('preloaded'))) });
  await client.refreshTokens();
  expect(window.__portalPreload).toBeDefined();
  preloaded(fresh, { [NEWS]: Promise.resolve(answer(200, page('preloaded'))) });
  await client.post('/api/orders/', { items: [] });
  expect(window.__portalPreload).toBeUndefined();
  expect((await client.get(NEWS)).data).toEqual(page('from the server'));
  expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${TOKEN_REFRESH_PATH}`, 'POST /api/orders/', `GET ${NEWS}`]);
});

it('a read cancelled while its preloaded answer is on its way ends as a cancelled request', async () => {
  const access = accessToken();
  const { client } = setup(access);
  const arrival = deferred<Response>();
  preloaded(access, { [NEWS]: arrival.promise });
  const controller = new AbortController();
  const read = client.get(NEWS, { signal: controller.signal });
  controller.abort();
  arrival.resolve(answer(200, page('preloaded')));
  expect(isCancel(await read.catch((err: unknown) => err))).toBe(true);
});

it('a list area\'s first read (what ResourceList and the screens dispatch) takes the preloaded answer', async () => {
  const access = accessToken();
  const server = stubServer(() => ({ status: 200, data: page('from the server') }));
  const tokens = memoryTokenStore({ access, refresh: 'r' });
  const api = createApiClient({ baseURL: '', adapter: server.adapter, tokens });
  const area = createCrudArea<'/api/news/', { id: number; title: string }>({ name: 'preloadedNews', path: '/api/news/' });
  injectSlices([area.slice]);
  const store = createPortalStore({ api, tokens });
  preloaded(access, { [NEWS]: Promise.resolve(answer(200, page('preloaded'))) });
  await store.dispatch(area.fetchList({ page: 1, page_size: 10, ordering: '-published_at' }));
  expect(area.selectArea(store.getState()).items).toEqual([{ id: 1, title: 'preloaded' }]);
  expect(server.requests).toHaveLength(0);
  store.dispose();
});
