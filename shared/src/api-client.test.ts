import { AxiosHeaders } from 'axios';
import {
  apiClient, CHUNK_LOAD_TIMEOUT_MS, createApiClient, HTTP_TIMEOUT_MS, REFRESH_REUSE_MS, REFRESHED_TOKENS_WAIT_MS, RETRY_LIMIT,
  SessionEndedError, TOKEN_LOGOUT_PATH, TOKEN_REFRESH_PATH, refreshLockOf, webRefreshLock, type RefreshLock, type TokenStore,
  type WebLocks,
} from './api-client';
import { initI18n, setLanguage } from './i18n';
import { getTokens, setTokens } from './tokens';
import type { AuthTokens } from './types';
import { deferred, memoryTokenStore, sleep, stubServer, type StubRequest } from './test-helpers';

const OLD = { access: 'access-old', refresh: 'refresh-old' };
const NEW = { access: 'access-new', refresh: 'refresh-new' };

/** A server where only `access-new` is valid and the refresh hands it out (counting every call). */
function expiringServer(options: { refresh?: (r: StubRequest) => Promise<unknown> | unknown; delay?: (r: StubRequest) => number } = {}) {
  return stubServer(async (request) => {
    if (request.url === TOKEN_REFRESH_PATH) {
      const result = options.refresh ? await options.refresh(request) : undefined;
      if (result && typeof result === 'object' && 'status' in result) return result as { status: number; data?: unknown };
      return { status: 200, data: NEW };
    }
    const wait = options.delay?.(request) ?? 0;
    if (wait) await sleep(wait);
    return request.authorization === `Bearer ${NEW.access}`
      ? { status: 200, data: { ok: true, url: request.url } }
      : { status: 401, data: { message: 'Token expired', code: 'token_not_valid' } };
  });
}

function setup(server: ReturnType<typeof stubServer>, tokens = memoryTokenStore({ ...OLD })) {
  const client = createApiClient({ baseURL: '', adapter: server.adapter, tokens });
  const sessionEnds = jest.fn();
  const refreshed = jest.fn();
  client.onSessionEnd(sessionEnds);
  client.onTokensRefreshed(refreshed);
  return { client, tokens, sessionEnds, refreshed };
}

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('HTTP client defaults (spec §7, §9)', () => {
  it('sends a JSON accept header, uses the XSRF-TOKEN cookie and X-XSRF-TOKEN header, no timeout and success for 200-299', async () => {
    const server = stubServer(() => ({ status: 200, data: {} }));
    await apiClient.get('/api/health/', { adapter: server.adapter });
    expect(AxiosHeaders.from(server.requests[0].config.headers).get('Accept')).toBe('application/json');
    expect(server.requests[0].url).toBe('/api/health/');
    const { defaults } = apiClient;
    expect(defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(defaults.timeout).toBe(0);
    expect(defaults.baseURL).toBe('');
    expect(defaults.validateStatus?.(199)).toBe(false);
    expect(defaults.validateStatus?.(200)).toBe(true);
    expect(defaults.validateStatus?.(299)).toBe(true);
    expect(defaults.validateStatus?.(300)).toBe(false);
  });

  it('asks for the API\'s messages in the language the user chose in the portal', async () => {
    initI18n();
    const server = stubServer(() => ({ status: 200, data: {} }));
    setLanguage('en');
    await apiClient.get('/api/settings/', { adapter: server.adapter });
    setLanguage('ru');
    await apiClient.get('/api/settings/', { adapter: server.adapter });
    expect(server.requests.map((r) => AxiosHeaders.from(r.config.headers).get('Accept-Language'))).toEqual(['en', 'ru']);
  });

  it('has the constants of spec §9', () => {
    expect(REFRESH_REUSE_MS).toBe(10_000);
    expect(RETRY_LIMIT).toBe(1);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(HTTP_TIMEOUT_MS).toBe(0);
  });

  it('reads the bearer access token from browser storage when the request is sent', async () => {
    const server = stubServer(() => ({ status: 200, data: {} }));
    const client = createApiClient({ baseURL: '', adapter: server.adapter });
    await client.get('/api/orders/');
    setTokens({ access: 'a1', refresh: 'r1' });
    await client.get('/api/orders/');
    setTokens({ access: 'a2', refresh: 'r2' });
    await client.get('/api/orders/');
    expect(server.requests.map((r) => r.authorization)).toEqual([null, 'Bearer a1', 'Bearer a2']);
  });

  it('uses relative paths by default and the given base URL when built for Node', async () => {
    const server = stubServer(() => ({ status: 200, data: {} }));
    const client = createApiClient({ baseURL: 'http://127.0.0.1:9', adapter: server.adapter, tokens: memoryTokenStore() });
    await client.get('/api/health/');
    expect(server.requests[0].url).toBe('http://127.0.0.1:9/api/health/');
  });

  it('sends no bearer token with the sign-in call and leaves its 401 alone', async () => {
    const server = stubServer(() => ({ status: 401, data: { message: 'Неверная почта или пароль' } }));
    const { client, tokens, sessionEnds } = setup(server);
    await expect(client.post('/api/token/', { email: 'x@y.z', password: 'bad' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].authorization).toBeNull();
    expect(tokens.value).toEqual(OLD);
    expect(sessionEnds).not.toHaveBeenCalled();
  });
});

describe('Behaviour on 401 (spec §7, design §11)', () => {
  it('refreshes the tokens once, stores them and repeats the request with the new access token', async () => {
    const server = expiringServer();
    const { client, tokens, refreshed } = setup(server);
    const { data } = await client.get('/api/orders/');
    expect(data).toEqual({ ok: true, url: '/api/orders/' });
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    const refreshCall = server.requests.find((r) => r.url === TOKEN_REFRESH_PATH)!;
    expect(JSON.parse(refreshCall.data as string)).toEqual({ refresh: OLD.refresh });
    expect(server.requests.filter((r) => r.url === '/api/orders/').map((r) => r.authorization))
      .toEqual([`Bearer ${OLD.access}`, `Bearer ${NEW.access}`]);
    expect(tokens.value).toEqual(NEW);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(refreshed).toHaveBeenCalledWith(NEW);
  });

  it('50 concurrent 401s cause exactly one refresh and all 50 succeed', async () => {
    // Answers arrive spread over time: some 401s come while the refresh is in flight, some after.
    const server = expiringServer({
      refresh: () => sleep(15),
      delay: (r) => (r.authorization === `Bearer ${OLD.access}` ? Number(r.params && (r.params as { i: number }).i) % 30 : 0),
    });
    const { client, sessionEnds } = setup(server);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => client.get('/api/orders/', { params: { i } })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    expect(server.count('GET', '/api/orders/')).toBe(100);
    expect(sessionEnds).not.toHaveBeenCalled();
  });

  it('a 401 that arrives while a refresh is in flight waits for it', async () => {
    const gate = deferred();
    const server = expiringServer({ refresh: () => gate.promise, delay: (r) => ((r.params as { i: number }).i === 2 ? 5 : 0) });
    const { client } = setup(server);
    const first = client.get('/api/orders/', { params: { i: 1 } });
    const second = client.get('/api/claims/', { params: { i: 2 } });
    await sleep(20); // both 401s are in; the refresh is still open
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    expect(server.requests.filter((r) => r.authorization === `Bearer ${NEW.access}`)).toHaveLength(0);
    gate.resolve();
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    expect(server.requests.filter((r) => r.authorization === `Bearer ${NEW.access}`)).toHaveLength(2);
  });

  it('a 401 for a request sent with an older access token just retries, without refreshing', async () => {
    const answer = deferred();
    const server = stubServer(async (request) => {
      if (request.url === TOKEN_REFRESH_PATH) return { status: 200, data: { access: 'never', refresh: 'never' } };
      if (request.authorization === `Bearer ${OLD.access}`) { await answer.promise; return { status: 401, data: {} }; }
      return { status: 200, data: 'fine' };
    });
    const { client, tokens } = setup(server);
    const pending = client.get('/api/orders/');
    await sleep(0);
    tokens.set({ ...NEW }); // another part of the page refreshed meanwhile
    answer.resolve();
    await expect(pending).resolves.toMatchObject({ data: 'fine' });
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(0);
    expect(server.requests.map((r) => r.authorization)).toEqual([`Bearer ${OLD.access}`, `Bearer ${NEW.access}`]);
  });

  it('retries at most once per request', async () => {
    const server = stubServer((request) => (request.url === TOKEN_REFRESH_PATH
      ? { status: 200, data: NEW }
      : { status: 401, data: { message: 'still no' } }));
    const { client, sessionEnds } = setup(server);
    await expect(client.get('/api/variables/')).rejects.toMatchObject({ response: { status: 401, data: { message: 'still no' } } });
    expect(server.count('GET', '/api/variables/')).toBe(1 + RETRY_LIMIT);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    expect(sessionEnds).not.toHaveBeenCalled();
  });

  it('a FormData body is retried intact', async () => {
    const server = expiringServer();
    const { client } = setup(server);
    const form = new FormData();
    form.append('status', 'confirmed');
    form.append('document', new Blob(['%PDF-1.4 waybill'], { type: 'application/pdf' }), 'waybill.pdf');
    await client.put('/api/orders/12/', form);
    const sent = server.requests.filter((r) => r.url === '/api/orders/12/');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.authorization)).toEqual([`Bearer ${OLD.access}`, `Bearer ${NEW.access}`]);
    for (const request of sent) {
      expect(request.data).toBe(form);
      const body = request.data as FormData;
      expect(body.get('status')).toBe('confirmed');
      expect((body.get('document') as File).name).toBe('waybill.pdf');
      expect((body.get('document') as File).size).toBe('%PDF-1.4 waybill'.length);
    }
  });

  it('a JSON body, the method, the params and the caller\'s headers are retried as they were', async () => {
    const server = expiringServer();
    const { client } = setup(server);
    await client.post('/api/claims/', { order: 1, quantity: 2 }, { params: { dry: 1 }, headers: { 'X-Trace': 'abc' } });
    const sent = server.requests.filter((r) => r.url === '/api/claims/');
    expect(sent).toHaveLength(2);
    for (const request of sent) {
      expect(request.method).toBe('POST');
      expect(JSON.parse(request.data as string)).toEqual({ order: 1, quantity: 2 });
      expect(request.params).toEqual({ dry: 1 });
      expect(AxiosHeaders.from(request.config.headers).get('X-Trace')).toBe('abc');
    }
  });

  it('refresh failure clears tokens and logs out once', async () => {
    const server = expiringServer({ refresh: async () => { await sleep(5); return { status: 401, data: { message: 'Token is blacklisted' } }; } });
    const { client, tokens, sessionEnds, refreshed } = setup(server);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => client.get('/api/orders/', { params: { i } })));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    expect(server.count('GET', '/api/orders/')).toBe(5);
    expect(tokens.value).toBeNull();
    expect(sessionEnds).toHaveBeenCalledTimes(1);
    expect(refreshed).not.toHaveBeenCalled();
    // A late 401 of the ended session neither refreshes nor ends it again.
    await expect(client.get('/api/orders/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(sessionEnds).toHaveBeenCalledTimes(1);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
  });

  it('with no refresh token the tokens are cleared and the session ends once, without a refresh call', async () => {
    const server = expiringServer();
    const { client, tokens, sessionEnds } = setup(server, memoryTokenStore({ access: OLD.access, refresh: '' }));
    const results = await Promise.allSettled([client.get('/api/a/'), client.get('/api/b/'), client.get('/api/c/')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(0);
    expect(tokens.value).toBeNull();
    expect(sessionEnds).toHaveBeenCalledTimes(1);
    await expect(client.refreshTokens()).rejects.toBeInstanceOf(SessionEndedError);
    expect(sessionEnds).toHaveBeenCalledTimes(1);
  });

  it('the refresh call itself never goes through the 401 interceptor', async () => {
    const server = expiringServer({ refresh: () => ({ status: 401, data: {} }) });
    const { client, sessionEnds } = setup(server);
    await expect(client.get('/api/orders/')).rejects.toMatchObject({ response: { status: 401 } });
    const refreshCalls = server.requests.filter((r) => r.url === TOKEN_REFRESH_PATH);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0].authorization).toBeNull();
    expect(sessionEnds).toHaveBeenCalledTimes(1);
  });

  it('a visitor\'s 401 (no tokens) is passed on without a refresh or a session end', async () => {
    const server = expiringServer();
    const { client, sessionEnds } = setup(server, memoryTokenStore(null));
    await expect(client.post('/api/regreq/', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.requests).toHaveLength(1);
    expect(sessionEnds).not.toHaveBeenCalled();
  });

  it('errors other than 401 are passed on untouched', async () => {
    const server = stubServer(() => ({ status: 409, data: { message: 'conflict' } }));
    const { client } = setup(server);
    await expect(client.delete('/api/orders/1/')).rejects.toMatchObject({ response: { status: 409 } });
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the old refresh token when the refresh answer carries none', async () => {
    const server = expiringServer({ refresh: () => ({ status: 200, data: { access: NEW.access } }) });
    const { client, tokens } = setup(server);
    await client.get('/api/orders/');
    expect(tokens.value).toEqual({ access: NEW.access, refresh: OLD.refresh });
  });

  it('keeps the tokens in browser storage by default', async () => {
    setTokens({ ...OLD });
    const server = expiringServer();
    const client = createApiClient({ baseURL: '', adapter: server.adapter });
    await client.get('/api/orders/');
    expect(getTokens()).toEqual(NEW);
  });
});

describe('refreshTokens', () => {
  it('concurrent calls share one refresh', async () => {
    const server = expiringServer({ refresh: () => sleep(5) });
    const { client } = setup(server);
    const [a, b, c] = await Promise.all([client.refreshTokens(), client.refreshTokens(), client.refreshTokens()]);
    expect(a).toEqual(NEW);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
  });

  it('refresh result is reused for 10 000 ms', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const server = expiringServer();
    const { client } = setup(server);
    await client.refreshTokens();
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    jest.advanceTimersByTime(REFRESH_REUSE_MS - 1);
    await expect(client.refreshTokens()).resolves.toEqual(NEW);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    jest.advanceTimersByTime(1);
    await client.refreshTokens();
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(2);
  });

  it('a 401 within the reuse window retries with the reused tokens instead of refreshing again', async () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    let valid = NEW.access;
    const server = stubServer((request) => {
      if (request.url === TOKEN_REFRESH_PATH) return { status: 200, data: NEW };
      return request.authorization === `Bearer ${valid}` ? { status: 200, data: 'ok' } : { status: 401, data: {} };
    });
    const { client, tokens } = setup(server);
    await client.get('/api/orders/');
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    // Five seconds later the stored token is refused once more (say, the server restarted its clock).
    jest.advanceTimersByTime(5_000);
    tokens.set({ ...NEW });
    valid = 'something-else';
    await expect(client.get('/api/orders/')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
  });

  it('force skips the reuse window (the contract-signed flow needs fresh claims)', async () => {
    const server = expiringServer();
    const { client } = setup(server);
    await client.refreshTokens();
    await client.refreshTokens({ force: true });
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(2);
  });

  it('a failed refresh is not reused: the next one is tried again', async () => {
    let fail = true;
    const server = expiringServer({ refresh: () => (fail ? { status: 500, data: {} } : undefined) });
    const { client, tokens } = setup(server);
    await expect(client.refreshTokens()).rejects.toBeTruthy();
    fail = false;
    tokens.set({ ...OLD }); // signed in again
    await expect(client.refreshTokens()).resolves.toEqual(NEW);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(2);
  });

  it('each client built by createApiClient has its own refresh state', async () => {
    const server = expiringServer({ refresh: () => sleep(5) });
    const one = setup(server);
    const two = setup(server);
    await Promise.all([one.client.refreshTokens(), two.client.refreshTokens()]);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(2);
  });

  it('unsubscribed handlers are no longer called', async () => {
    const server = expiringServer({ refresh: () => ({ status: 401, data: {} }) });
    const client = createApiClient({ baseURL: '', adapter: server.adapter, tokens: memoryTokenStore({ ...OLD }) });
    const handler = jest.fn();
    const unsubscribe = client.onSessionEnd(handler);
    unsubscribe();
    await expect(client.get('/api/orders/')).rejects.toBeTruthy();
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('the access token stays with the API', () => {
  it('goes to the API\'s own origin, never to another one (a remote\'s manifest placed elsewhere)', async () => {
    const server = stubServer(async () => ({ status: 200, data: {} }));
    const client = createApiClient({ baseURL: '', adapter: server.adapter, tokens: memoryTokenStore({ ...OLD }) });
    await client.get('/api/orders/');
    await client.get(`${window.location.origin}/remotes/comms/mf-manifest.json`);
    await client.get('https://cdn.example.com/remotes/comms/mf-manifest.json');
    await client.get('//cdn.example.com/remotes/comms/mf-manifest.json');
    // A browser reads `/\` as `//`: another site (issue 30 item 4).
    await client.get('/\\cdn.example.com/api/orders/');
    await client.get('\\\\cdn.example.com/api/orders/');
    expect(server.requests.map((r) => r.authorization)).toEqual([`Bearer ${OLD.access}`, `Bearer ${OLD.access}`, null, null, null, null]);
  });
});

/** One lock shared by the "tabs" of a test, as the Web Locks API's is by the tabs of an origin. */
function sharedLock(): RefreshLock & { held: number; asked: number } {
  let tail: Promise<unknown> = Promise.resolve();
  const lock = (<T>(task: () => Promise<T>) => {
    lock.asked += 1;
    const run = tail.then(async () => {
      lock.held += 1;
      try {
        return await task();
      } finally {
        lock.held -= 1;
      }
    });
    tail = run.catch(() => undefined);
    return run;
  }) as RefreshLock & { held: number; asked: number };
  lock.held = 0;
  lock.asked = 0;
  return lock;
}

/**
 * A server that rotates strictly, as the API did before issue 17's grace window: each refresh token
 * is good once, a second use is a 401; only the newest access token is valid.
 */
function rotatingServer() {
  let generation = 0;
  const spent = new Set<string>();
  const server = stubServer(async (request) => {
    if (request.url === TOKEN_REFRESH_PATH) {
      const { refresh } = JSON.parse(String(request.data)) as { refresh: string };
      await sleep(5);
      if (spent.has(refresh) || refresh !== `refresh-${generation}`) return { status: 401, data: { code: 'token_invalid' } };
      spent.add(refresh);
      generation += 1;
      return { status: 200, data: { access: `access-${generation}`, refresh: `refresh-${generation}` } };
    }
    return request.authorization === `Bearer access-${generation}` && generation > 0
      ? { status: 200, data: { ok: true } }
      : { status: 401, data: { code: 'token_not_valid' } };
  });
  return server;
}

describe('two tabs agree on one refresh (issue 17)', () => {
  /** Tabs of one browser: one storage, one lock, a client each. */
  function tabs(count: number, lock: RefreshLock = sharedLock()) {
    const server = rotatingServer();
    const tokens = memoryTokenStore({ access: 'access-0', refresh: 'refresh-0' });
    return {
      server,
      tokens,
      tabs: Array.from({ length: count }, () => {
        const client = createApiClient({ baseURL: '', adapter: server.adapter, tokens, lock });
        const sessionEnds = jest.fn();
        const refreshed = jest.fn();
        client.onSessionEnd(sessionEnds);
        client.onTokensRefreshed(refreshed);
        return { client, sessionEnds, refreshed };
      }),
    };
  }

  it('three tabs whose access token expired act at once: one refresh, every call succeeds, every tab has the new tokens', async () => {
    const { server, tokens, tabs: [a, b, c] } = tabs(3);
    const answers = await Promise.all([a, b, c, a, b, c].map((tab, i) => tab.client.get(`/api/orders/?n=${i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    expect(tokens.get()).toEqual({ access: 'access-1', refresh: 'refresh-1' });
    for (const tab of [a, b, c]) {
      expect(tab.sessionEnds).not.toHaveBeenCalled();
      expect(tab.refreshed).toHaveBeenLastCalledWith({ access: 'access-1', refresh: 'refresh-1' });
    }
  });

  it('without a shared lock the strict server signs the second tab out: what the lock prevents', async () => {
    const { server, tabs: [a, b] } = tabs(2, (task) => task());
    const answers = await Promise.allSettled([a.client.get('/api/orders/'), b.client.get('/api/claims/')]);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(2);
    expect(answers.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('a tab that waited while another signed out ends its session too, once', async () => {
    const lock = sharedLock();
    const { tokens, tabs: [a] } = tabs(1, lock);
    const gate = deferred<void>();
    // Another tab holds the lock, and signs out while holding it.
    const other = lock(async () => {
      await gate.promise;
      tokens.clear();
    });
    const call = a.client.get('/api/orders/');
    // The tab asks for the lock after its 401.
    while (lock.asked < 2) await sleep(0);
    gate.resolve();
    await other;
    await expect(call).rejects.toBeDefined();
    expect(a.sessionEnds).toHaveBeenCalledTimes(1);
  });

  /**
   * One browser's storage as each tab sees it: a tab reads its own copy, which has its own writes at
   * once and another tab's `lag` ms later (Chromium keeps localStorage per renderer process).
   */
  function laggingStorage(lag: number, initial: AuthTokens) {
    const copies: Array<{ value: AuthTokens | null }> = [];
    return (): TokenStore => {
      const copy = { value: { ...initial } as AuthTokens | null };
      copies.push(copy);
      const write = (value: AuthTokens | null) => {
        copy.value = value;
        for (const other of copies) if (other !== copy) setTimeout(() => { other.value = value; }, lag);
      };
      return { get: () => copy.value, set: (tokens) => write({ ...tokens }), clear: () => write(null) };
    };
  }

  /** The browser's one lock manager as every tab sees it: exclusive locks by name, and which are held. */
  function lockManager(): WebLocks {
    const tails = new Map<string, Promise<unknown>>();
    const held = new Set<string>();
    const request = (name: string, options: LockOptions | ((lock: Lock | null) => Promise<unknown>), callback?: (lock: Lock | null) => Promise<unknown>) => {
      if (typeof options === 'function') return request(name, {}, options);
      if (options.ifAvailable && held.has(name)) return Promise.resolve().then(() => callback!(null));
      const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
        held.add(name);
        try {
          return await callback!({ name, mode: 'exclusive' });
        } finally {
          held.delete(name);
        }
      });
      tails.set(name, run.catch(() => undefined));
      return run;
    };
    return {
      request: request as WebLocks['request'],
      query: async () => ({ held: [...held].map((name) => ({ name, mode: 'exclusive' as const, clientId: 'tab' })), pending: [] }),
    };
  }

  it('a tab whose storage shows the other tab\'s new tokens late takes them when they come, told by the lock manager, instead of refreshing again', async () => {
    const server = rotatingServer();
    const storage = laggingStorage(60, { access: 'access-0', refresh: 'refresh-0' });
    const lock = refreshLockOf(lockManager());
    const [a, b] = [storage(), storage()].map((tokens) => createApiClient({ baseURL: '', adapter: server.adapter, tokens, lock }));
    const sessionEnds = jest.fn();
    b.onSessionEnd(sessionEnds);
    // The strict server: a second refresh with the spent token would sign the tab out.
    const answers = await Promise.all([a.get('/api/orders/'), b.get('/api/claims/')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);
    expect(sessionEnds).not.toHaveBeenCalled();
  });

  it('a refresh token said to be spent is told for REFRESH_REUSE_MS; when the new tokens never reach the tab, it refreshes itself after REFRESHED_TOKENS_WAIT_MS', async () => {
    jest.useFakeTimers();
    const lock = refreshLockOf(lockManager());
    await lock.spend!('refresh-old');
    expect(await lock.spent!('refresh-old')).toBe(true);
    expect(await lock.spent!('refresh-new')).toBe(false);

    // The other tab's write never comes: after the wait, the tab refreshes (the API's grace answers a spent token).
    const server = expiringServer();
    const client = createApiClient({ baseURL: '', adapter: server.adapter, tokens: memoryTokenStore({ ...OLD }), lock });
    const call = client.get('/api/orders/');
    await jest.advanceTimersByTimeAsync(REFRESHED_TOKENS_WAIT_MS - 100);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(0);
    await jest.advanceTimersByTimeAsync(200);
    expect((await call).status).toBe(200);
    expect(server.count('POST', TOKEN_REFRESH_PATH)).toBe(1);

    // Said already by the other tab: this tab's saying it again does not wait for that lock.
    await jest.advanceTimersByTimeAsync(REFRESH_REUSE_MS);
    expect(await lock.spent!('refresh-old')).toBe(false);
  });

  it('the Web Locks API is used where the browser has it, under one name for the origin', async () => {
    const request = jest.fn((name: string, task: () => Promise<unknown>) => task());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      await expect(webRefreshLock(async () => 'done')).resolves.toBe('done');
      expect(request).toHaveBeenCalledWith('portal-token-refresh', expect.any(Function));
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
    await expect(webRefreshLock(async () => 'without')).resolves.toBe('without');
  });
});

describe('logout (issue 17)', () => {
  it('sends the stored refresh token to /api/token/logout/ without the access token; a failure is swallowed', async () => {
    const server = stubServer(() => ({ status: 204 }));
    const { client } = setup(server);
    await expect(client.logout()).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: TOKEN_LOGOUT_PATH, authorization: null });
    expect(JSON.parse(String(server.requests[0].data))).toEqual({ refresh: OLD.refresh });

    const failing = stubServer(() => ({ status: 500 }));
    await expect(setup(failing).client.logout()).resolves.toBeUndefined();
    const signedOut = stubServer(() => ({ status: 204 }));
    await setup(signedOut, memoryTokenStore(null)).client.logout();
    expect(signedOut.requests).toHaveLength(0);
  });
});
