// The page's one store (a Module Federation singleton through @portal/shared). The four slices
// every screen may need are static; a remote's own slices are injected when the remote loads.
import { combineSlices, configureStore, type Slice } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { apiClient, browserTokenStore, type PortalApiClient, type TokenStore, type Unsubscribe } from './api-client';
import { authSlice, initialAuthState, loadProfile, logout, tokensRefreshed } from './auth-slice';
import { calculatorSlice } from './calculator-slice';
import { cartSlice } from './cart-slice';
import { createPersistenceMiddleware } from './persistence';
import type { ThunkExtra } from './thunk-extra';
import { uiSlice } from './ui-slice';
import { answerSlice } from './answer-slice';

/**
 * The slices injected at run time. A remote may declare its own here through module augmentation
 * (`declare module '@portal/shared' { interface LazyLoadedSlices { news: ... } }`) for typed selectors.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(authSlice, uiSlice, cartSlice, calculatorSlice, answerSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export interface PortalStoreOptions {
  /** The client the thunks use and whose session events the store follows; the page's one by default. */
  api?: PortalApiClient;
  /** Where tokens live; browser storage by default. */
  tokens?: TokenStore;
  /**
   * When the user comes from stored tokens (a page reload), load their profile (GET /api/users/me/)
   * at once, for the names the token lacks. The page's store does; off by default.
   */
  loadProfile?: boolean;
}

export function createPortalStore(options: PortalStoreOptions = {}) {
  const api = options.api ?? apiClient;
  const tokens = options.tokens ?? browserTokenStore;
  const extra: ThunkExtra = { api, tokens };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.tokens ? { auth: initialAuthState(tokens) } : undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } }).prepend(createPersistenceMiddleware(tokens)),
  });
  const subscriptions: Unsubscribe[] = [
    api.onSessionEnd(() => store.dispatch(logout())),
    api.onTokensRefreshed((next) => store.dispatch(tokensRefreshed(next))),
  ];
  if (options.loadProfile && store.getState().auth.user) void store.dispatch(loadProfile());
  /** Stops following the client's session events (for tests that create many stores). */
  const dispose = () => subscriptions.forEach((unsubscribe) => unsubscribe());
  return Object.assign(store, { dispose });
}

export type PortalStore = ReturnType<typeof createPortalStore>;
export type AppDispatch = PortalStore['dispatch'];

let pageStore: PortalStore | null = null;

/** The one store of the page, created on first use; a user restored from stored tokens gets their profile. */
export function getStore(): PortalStore {
  pageStore ??= createPortalStore({ loadProfile: true });
  return pageStore;
}

/** Adds slices to the one root reducer; a slice already there is left as it is. */
export function injectSlices(slices: Slice[]): void {
  for (const slice of slices) rootReducer.inject(slice as never);
  // Lets an existing store give the new slices their initial state right away.
  pageStore?.dispatch({ type: 'portal/slicesInjected' });
}

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
