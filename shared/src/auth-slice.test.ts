import { createApiClient, TOKEN_REFRESH_PATH } from './api-client';
import {
  contractSigned, login, logout, selectAuthError, selectAuthLoading, selectCurrentUser, selectIsAuthenticated, selectIsStaff,
} from './auth-slice';
import { addToCart, selectCart } from './cart-slice';
import { createPortalStore, type PortalStore } from './store';
import { accessToken, stubServer, type StubHandler } from './test-helpers';
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

  it('Logout clears the tokens, the cart and the current user', async () => {
    setTokens({ access: accessToken(), refresh: 'r' });
    const { store } = storeWith(() => ({ status: 200 }));
    store.dispatch(addToCart(item));
    expect(localStorage.getItem('cart')).not.toBeNull();
    store.dispatch(logout());
    expect(getTokens()).toBeNull();
    expect(localStorage.getItem('cart')).toBeNull();
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
