import { createSlice } from '@reduxjs/toolkit';
import { getStore, injectSlices } from './store';
import * as shared from './index';
import { accessToken, stubServer } from './test-helpers';

describe('the page store', () => {
  afterAll(() => getStore().dispose());

  it('is one store for the page', () => {
    expect(getStore()).toBe(getStore());
    expect(Object.keys(getStore().getState())).toEqual(expect.arrayContaining(['auth', 'ui', 'cart', 'calculator']));
  });

  it('injects a remote\'s slices, and injecting them again changes nothing', () => {
    const counter = createSlice({ name: 'remoteCounter', initialState: { value: 1 }, reducers: { inc: (s) => { s.value += 1; } } });
    injectSlices([counter]);
    const store = getStore();
    expect((store.getState() as Record<string, unknown>).remoteCounter).toEqual({ value: 1 });
    store.dispatch(counter.actions.inc());
    injectSlices([counter]);
    expect((store.getState() as Record<string, unknown>).remoteCounter).toEqual({ value: 2 });
  });

  it('the session end of the page client logs the page store out, and a refresh re-decodes the user', async () => {
    const promoted = accessToken({ role: 'admin', is_staff: true });
    let refreshOk = true;
    const server = stubServer((request) => {
      if (request.url === '/api/token/') return { status: 200, data: { access: accessToken(), refresh: 'r1' } };
      return refreshOk ? { status: 200, data: { access: promoted, refresh: 'r2' } } : { status: 401, data: {} };
    });
    const adapter = shared.apiClient.defaults.adapter;
    shared.apiClient.defaults.adapter = server.adapter;
    try {
      const store = getStore();
      await store.dispatch(shared.login({ email: 'dealer@demo.test', password: 'demo-password' }));
      expect(shared.selectCurrentUser(store.getState())?.role).toBe('dealer');
      await shared.refreshTokens({ force: true });
      expect(shared.selectCurrentUser(store.getState())?.role).toBe('admin');
      refreshOk = false;
      await expect(shared.refreshTokens({ force: true })).rejects.toBeTruthy();
      expect(shared.selectIsAuthenticated(store.getState())).toBe(false);
      expect(shared.getTokens()).toBeNull();
    } finally {
      shared.apiClient.defaults.adapter = adapter;
    }
  });
});

describe('the public surface', () => {
  it('exports what the host and the remotes are written against', () => {
    for (const name of [
      'CONTRACT_VERSION', 'STORAGE_KEYS', 'readStorage', 'writeStorage', 'removeStorage', 'StorageWriteError', 'getTokens',
      'setTokens', 'clearTokens', 'GENERIC_ERROR_MESSAGE', 'errorMessage', 'loginErrorMessage', 'fieldErrors', 'apiClient',
      'createApiClient', 'onSessionEnd', 'onTokensRefreshed', 'refreshTokens', 'REFRESH_REUSE_MS', 'RETRY_LIMIT',
      'CHUNK_LOAD_TIMEOUT_MS', 'HTTP_TIMEOUT_MS', 'createPortalStore', 'getStore', 'injectSlices', 'useAppDispatch',
      'useAppSelector', 'login', 'logout', 'contractSigned', 'loadProfile', 'selectProfileLoading', 'CURRENT_USER_PATH', 'selectCurrentUser', 'selectIsAuthenticated', 'selectIsStaff',
      'selectAuthError', 'selectAuthLoading', 'createCrudArea', 'setSidebarShow', 'toggleSidebar', 'setAsideShow',
      'toggleAside', 'setTheme', 'setSidebarUnfoldable', 'addToCart', 'removeFromCart', 'emptyCart', 'selectCart',
      'addStep', 'changeStep', 'removeStep', 'clearSteps', 'setCurrentStep', 'i18n', 'initI18n', 'addTranslations', 'setLanguage',
    ]) {
      expect(shared).toHaveProperty(name);
    }
    expect(shared.CONTRACT_VERSION).toBe('2.8.0');
  });
});
