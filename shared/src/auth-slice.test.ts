import { waitFor } from '@testing-library/react';
import { createApiClient, TOKEN_REFRESH_PATH } from './api-client';
import {
  contractSigned, loadProfile, login, logout, selectAuthError, selectAuthLoading, selectCurrentUser, selectIsAuthenticated, selectIsStaff,
  selectProfileLoading, tokensRefreshed,
} from './auth-slice';
import { addToCart, selectCart } from './cart-slice';
import { createPortalStore, type PortalStore } from './store';
import { accessToken, deferred, sleep, stubServer, type StubAnswer, type StubHandler } from './test-helpers';
import { getTokens, setTokens } from './tokens';

const item = { product: 1, sku: 'SKU-1', name: 'Насос', price: '1250.00', quantity: 2 };
let stores: PortalStore[] = [];

function storeWith(handler: StubHandler) {
  const server = stubServer(handler);
  const api = createApiClient({ baseURL: '', adapter: server.adapter });
  const store = createPortalStore({ api });
  stores.push(store);
  return { server, api, store };
}

afterEach(() => {
  stores.forEach((store) => store.dispose());
  stores = [];
  localStorage.clear();
});

describe('auth state (spec §4)', () => {
  it('starts from the tokens the browser kept, with the user decoded from the access token', () => {
    setTokens({ access: accessToken({ user_id: 42, email: 'm@demo.test', role: 'manager', is_staff: true, dealer: null }), refresh: 'r' });
    const { store } = storeWith(() => ({ status: 200 }));
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(selectCurrentUser(store.getState())).toEqual({
      id: 42, email: 'm@demo.test', role: 'manager', is_staff: true, dealer: null, contract_signed: true,
    });
    expect(selectIsStaff(store.getState())).toBe(true);
  });

  it('Authenticated or not: with no tokens the user is not authenticated', () => {
    const { store } = storeWith(() => ({ status: 200 }));
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectIsStaff(store.getState())).toBe(false);
  });

  it('an undecodable stored token counts as no tokens', () => {
    setTokens({ access: 'not-a-jwt', refresh: 'r' });
    const { store } = storeWith(() => ({ status: 200 }));
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('Login success: tokens are stored and the current user is decoded from the access token', async () => {
    const access = accessToken({ user_id: 7, email: 'dealer@demo.test', dealer: 3 });
    const { store, server } = storeWith(() => ({ status: 200, data: { access, refresh: 'r1', user: { id: 7, first_name: 'Иван', last_name: 'Петров' } } }));
    const pending = store.dispatch(login({ email: 'dealer@demo.test', password: 'demo-password' }));
    expect(selectAuthLoading(store.getState())).toBe(true);
    await pending;
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/token/', authorization: null });
    expect(JSON.parse(server.requests[0].data as string)).toEqual({ email: 'dealer@demo.test', password: 'demo-password' });
    expect(getTokens()).toEqual({ access, refresh: 'r1' });
    expect(selectIsAuthenticated(store.getState())).toBe(true);
    expect(selectAuthLoading(store.getState())).toBe(false);
    expect(selectAuthError(store.getState())).toBeNull();
    expect(selectCurrentUser(store.getState())).toEqual({
      id: 7, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 3, contract_signed: true,
      first_name: 'Иван', last_name: 'Петров',
    });
  });

  it('Login failure: stored tokens are removed, the current user is cleared and the server\'s message stored', async () => {
    setTokens({ access: accessToken(), refresh: 'old' });
    const { store } = storeWith(() => ({ status: 401, data: { message: 'Неверная почта или пароль' } }));
    await store.dispatch(login({ email: 'dealer@demo.test', password: 'wrong' }));
    expect(getTokens()).toBeNull();
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(selectAuthError(store.getState())).toBe('Неверная почта или пароль');
    expect(selectAuthLoading(store.getState())).toBe(false);
  });

  it('Login failure without a message stores the whole response body', async () => {
    const { store } = storeWith(() => ({ status: 400, data: { detail: 'bad' } }));
    await store.dispatch(login({ email: 'a@b.c', password: 'x' }));
    expect(selectAuthError(store.getState())).toBe('{"detail":"bad"}');
  });

  it('Logout clears the tokens, the cart, quick order\'s kept rows and the current user', async () => {
    setTokens({ access: accessToken(), refresh: 'r' });
    const { store } = storeWith(() => ({ status: 200 }));
    store.dispatch(addToCart(item));
    localStorage.setItem('quickOrder', JSON.stringify([{ key: 1, sku: 'X', quantity: 2 }]));
    expect(localStorage.getItem('cart')).not.toBeNull();
    store.dispatch(logout());
    expect(getTokens()).toBeNull();
    expect(localStorage.getItem('cart')).toBeNull();
    expect(localStorage.getItem('quickOrder')).toBeNull();
    expect(selectCart(store.getState())).toEqual([]);
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectIsAuthenticated(store.getState())).toBe(false);
  });

  it('Contract signed: sets contract_signed on the current user and refreshes the tokens', async () => {
    setTokens({ access: accessToken({ contract_signed: false }), refresh: 'r0' });
    const fresh = accessToken({ contract_signed: true });
    const { store, server } = storeWith((request) => {
      if (request.url === TOKEN_REFRESH_PATH) return { status: 200, data: { access: fresh, refresh: 'r1' } };
      return { status: 200, data: { signed: true } };
    });
    expect(selectCurrentUser(store.getState())?.contract_signed).toBe(false);
    const result = await store.dispatch(contractSigned());
    expect(contractSigned.fulfilled.match(result)).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/contract/sign/', `POST ${TOKEN_REFRESH_PATH}`]);
    expect(selectCurrentUser(store.getState())?.contract_signed).toBe(true);
    expect(getTokens()).toEqual({ access: fresh, refresh: 'r1' });
    expect(store.getState().auth.tokens).toEqual({ access: fresh, refresh: 'r1' });
  });

  it('a failed contract signing reports the server\'s message and changes nothing', async () => {
    setTokens({ access: accessToken({ contract_signed: false }), refresh: 'r0' });
    const { store } = storeWith(() => ({ status: 409, data: { message: 'Договор уже подписан' } }));
    const result = await store.dispatch(contractSigned());
    expect(result.payload).toBe('Договор уже подписан');
    expect(selectCurrentUser(store.getState())?.contract_signed).toBe(false);
  });

  it('a refresh done by the client re-decodes the current user', async () => {
    setTokens({ access: accessToken({ role: 'dealer', is_staff: false }), refresh: 'r0' });
    const promoted = accessToken({ role: 'manager', is_staff: true });
    const { store, api } = storeWith(() => ({ status: 200, data: { access: promoted, refresh: 'r1' } }));
    await api.refreshTokens();
    expect(selectCurrentUser(store.getState())).toMatchObject({ role: 'manager', is_staff: true });
    expect(store.getState().auth.tokens?.access).toBe(promoted);
  });

  it('Failed refresh or missing access token: tokens cleared, user logged out', async () => {
    setTokens({ access: accessToken(), refresh: 'r0' });
    const { store, api } = storeWith((request) => (request.url === TOKEN_REFRESH_PATH ? { status: 401, data: {} } : { status: 401, data: {} }));
    store.dispatch(addToCart(item));
    await expect(api.get('/api/orders/')).rejects.toBeTruthy();
    expect(getTokens()).toBeNull();
    expect(selectIsAuthenticated(store.getState())).toBe(false);
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectCart(store.getState())).toEqual([]);
  });
});

describe('the profile of a user restored from stored tokens', () => {
  const manager = { user_id: 2, email: 'manager@demo.test', role: 'manager' as const, is_staff: true, dealer: null };
  const profile = { id: 2, email: 'manager@demo.test', first_name: 'Михаил', last_name: 'Менеджеров', role: 'manager' };

  function pageStoreWith(handler: StubHandler) {
    const server = stubServer(handler);
    const api = createApiClient({ baseURL: '', adapter: server.adapter });
    const store = createPortalStore({ api, loadProfile: true });
    stores.push(store);
    return { server, store };
  }

  it('is loaded from /api/users/me/ through the client and its names merged into the current user', async () => {
    const access = accessToken(manager);
    setTokens({ access, refresh: 'r' });
    const { server, store } = pageStoreWith(() => ({ status: 200, data: profile }));
    expect(selectProfileLoading(store.getState())).toBe(true);
    await waitFor(() => expect(selectProfileLoading(store.getState())).toBe(false));
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.authorization}`)).toEqual([`GET /api/users/me/ Bearer ${access}`]);
    expect(selectCurrentUser(store.getState())).toEqual({
      id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true, dealer: null, contract_signed: true,
      first_name: 'Михаил', last_name: 'Менеджеров',
    });
  });

  it('keeps what the token says about who the user is and what they may do', async () => {
    setTokens({ access: accessToken({ ...manager, role: 'dealer', is_staff: false, dealer: 3, contract_signed: false }), refresh: 'r' });
    const { store } = pageStoreWith(() => ({ status: 200, data: { ...profile, role: 'admin', is_staff: true, dealer: null, contract_signed: true } }));
    await waitFor(() => expect(selectCurrentUser(store.getState())?.first_name).toBe('Михаил'));
    expect(selectCurrentUser(store.getState())).toMatchObject({ role: 'dealer', is_staff: false, dealer: 3, contract_signed: false });
  });

  it('survives a refresh of the tokens', async () => {
    setTokens({ access: accessToken(manager), refresh: 'r0' });
    const fresh = accessToken(manager);
    const { store } = pageStoreWith((request) => (request.url === TOKEN_REFRESH_PATH
      ? { status: 200, data: { access: fresh, refresh: 'r1' } } : { status: 200, data: profile }));
    await waitFor(() => expect(selectCurrentUser(store.getState())?.first_name).toBe('Михаил'));
    store.dispatch(tokensRefreshed({ access: fresh, refresh: 'r1' }));
    expect(selectCurrentUser(store.getState())).toMatchObject({ first_name: 'Михаил', last_name: 'Менеджеров' });
  });

  it('is not asked for without stored tokens, nor after a login, whose answer carries the names', async () => {
    const access = accessToken(manager);
    const { server, store } = pageStoreWith(() => ({ status: 200, data: { access, refresh: 'r1', user: profile } }));
    expect(selectProfileLoading(store.getState())).toBe(false);
    await store.dispatch(login({ email: 'manager@demo.test', password: 'demo-password' }));
    expect(server.requests.map((r) => r.url)).toEqual(['/api/token/']);
    expect(selectCurrentUser(store.getState())?.first_name).toBe('Михаил');
  });

  it('a failed load leaves the user as decoded, with no error to show', async () => {
    setTokens({ access: accessToken(manager), refresh: 'r' });
    const { store } = pageStoreWith(() => ({ status: 500, data: { message: 'Ошибка сервера' } }));
    await waitFor(() => expect(selectProfileLoading(store.getState())).toBe(false));
    expect(selectCurrentUser(store.getState())).toMatchObject({ id: 2, email: 'manager@demo.test' });
    expect(selectCurrentUser(store.getState())?.first_name).toBeUndefined();
    expect(selectAuthError(store.getState())).toBeNull();
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });

  it('is loaded once at a time, and not at all without a user', async () => {
    setTokens({ access: accessToken(manager), refresh: 'r' });
    const { server, store } = pageStoreWith(() => ({ status: 200, data: profile }));
    await store.dispatch(loadProfile()); // skipped: the store's own load is under way
    await waitFor(() => expect(selectProfileLoading(store.getState())).toBe(false));
    expect(server.count('GET', '/api/users/me/')).toBe(1);
    store.dispatch(logout());
    await store.dispatch(loadProfile());
    expect(server.count('GET', '/api/users/me/')).toBe(1);
  });

  it('the profile of a user who logged out meanwhile is dropped', async () => {
    setTokens({ access: accessToken(manager), refresh: 'r' });
    const answer = deferred<StubAnswer>();
    const { store } = pageStoreWith(() => answer.promise);
    store.dispatch(logout());
    answer.resolve({ status: 200, data: profile });
    await sleep(0);
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectProfileLoading(store.getState())).toBe(false);
  });
});
