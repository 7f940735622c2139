// Keeps the browser-side data in storage after each change, outside the reducers so they stay pure.
// Listener effects run synchronously inside the dispatch, so a failed write is in the state (as the
// cart's or the calculator's error, spec §8) by the time dispatch returns.
import { createListenerMiddleware, isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { TokenStore } from './api-client';
import { loadProfile, login, logout, type AuthState } from './auth-slice';
import { addStep, calculatorStorageFailed, changeStep, clearSteps, isValidStepIndex, removeStep, type CalculatorState } from './calculator-slice';
import { addToCart, cartStorageFailed, emptyCart, removeFromCart, setCartQuantity, type CartState } from './cart-slice';
import { errorMessage } from './errors';
import { i18n, setLanguage } from './i18n';
import type { ThunkExtra } from './thunk-extra';
import { QUICK_ORDER_KEY, removeStorage, STORAGE_KEYS, UI_PREFS_KEY, writeStorage } from './storage';
import { setAsideShow, setSidebarShow, setSidebarUnfoldable, setTheme, toggleAside, toggleSidebar, type UiState } from './ui-slice';

interface PersistedState {
  cart: CartState;
  calculator: CalculatorState;
  ui: UiState;
}

export function createPersistenceMiddleware(tokens: TokenStore) {
  const listener = createListenerMiddleware();

  listener.startListening({
    matcher: isAnyOf(addToCart, setCartQuantity, removeFromCart, emptyCart),
    effect: (_action, api) => {
      try {
        writeStorage(STORAGE_KEYS.cart, (api.getState() as PersistedState).cart.items);
      } catch (err) {
        api.dispatch(cartStorageFailed(errorMessage(err)));
      }
    },
  });

  listener.startListening({
    actionCreator: logout,
    effect: () => {
      tokens.clear();
      removeStorage(STORAGE_KEYS.cart);
      removeStorage(QUICK_ORDER_KEY);
    },
  });

  listener.startListening({
    matcher: isAnyOf(addStep, changeStep, clearSteps),
    effect: (_action, api) => {
      try {
        writeStorage(STORAGE_KEYS.steps, (api.getState() as PersistedState).calculator.steps);
      } catch (err) {
        api.dispatch(calculatorStorageFailed(errorMessage(err)));
      }
    },
  });

  // Spec §8: a failed deletion of a step is written to the console only, never shown.
  listener.startListening({
    actionCreator: removeStep,
    effect: (action, api) => {
      const before = (api.getOriginalState() as PersistedState).calculator.steps;
      if (!isValidStepIndex(before, action.payload)) {
        console.error(`Calculator step ${String(action.payload)} cannot be removed: there are ${before.length} steps.`);
        return;
      }
      try {
        writeStorage(STORAGE_KEYS.steps, (api.getState() as PersistedState).calculator.steps);
      } catch (err) {
        console.error(err);
      }
    },
  });

  listener.startListening({
    matcher: isAnyOf(setSidebarShow, toggleSidebar, setAsideShow, toggleAside, setTheme, setSidebarUnfoldable),
    effect: (_action, api) => {
      try {
        writeStorage(UI_PREFS_KEY, (api.getState() as PersistedState).ui);
      } catch (err) {
        // The preference holds for this page; only its memory across visits is lost.
        console.error(err);
      }
    },
  });

  // The interface language and theme follow the user (design §6, issue 19 item 5): a fresh sign-in
  // reads the profile too, and the profile's, once it arrives, replace what this browser kept.
  listener.startListening({ actionCreator: login.fulfilled, effect: (_action, api) => { void (api.dispatch as ThunkDispatch<{ auth: AuthState }, ThunkExtra, UnknownAction>)(loadProfile()); } });
  listener.startListening({
    actionCreator: loadProfile.fulfilled,
    effect: (action, api) => {
      const state = api.getState() as PersistedState & { auth: AuthState };
      const { id, language, theme } = action.payload as { id?: number; language?: unknown; theme?: unknown };
      if (state.auth.user?.id !== id) return;
      if (typeof theme === 'string' && theme !== state.ui.theme) api.dispatch(setTheme(theme));
      if (typeof language === 'string' && language !== i18n.language) setLanguage(language);
    },
  });

  return listener.middleware;
}
