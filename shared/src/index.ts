// The public surface of @portal/shared, the contract of design §3 (CONTRACT_VERSION).
export { CONTRACT_VERSION } from './version';
export type * from './types';
export type * from './remote-contract';
export {
  STORAGE_KEYS, UI_PREFS_KEY, LANGUAGE_KEY, QUICK_ORDER_KEY, StorageWriteError, readStorage, writeStorage, removeStorage,
} from './storage';
export { getTokens, setTokens, clearTokens } from './tokens';
export { GENERIC_ERROR_KEY, GENERIC_ERROR_MESSAGE, errorMessage, errorStatus, loginErrorMessage, fieldErrors } from './errors';
export { CHOICES_TTL_MS, cachedChoices, forgetChoices } from './choices-cache';
export {
  apiClient, createApiClient, refreshTokens, onSessionEnd, onTokensRefreshed, browserTokenStore, SessionEndedError,
  REFRESH_REUSE_MS, RETRY_LIMIT, CHUNK_LOAD_TIMEOUT_MS, HTTP_TIMEOUT_MS, TOKEN_PATH, TOKEN_REFRESH_PATH,
} from './api-client';
export type { ApiClientOptions, PortalApiClient, RefreshOptions, TokenStore, Unsubscribe } from './api-client';
export type { ThunkExtra } from './thunk-extra';
export {
  createPortalStore, getStore, injectSlices, rootReducer, useAppDispatch, useAppSelector,
} from './store';
export type { RootState, AppDispatch, PortalStore, PortalStoreOptions, LazyLoadedSlices } from './store';
export {
  authSlice, login, logout, contractSigned, loadProfile, tokensRefreshed, clearAuthError, userFromAccessToken, initialAuthState,
  selectCurrentUser, selectIsAuthenticated, selectIsStaff, selectAuthError, selectAuthLoading, selectProfileLoading,
  CONTRACT_SIGN_PATH, CURRENT_USER_PATH,
} from './auth-slice';
export type { AuthState, Credentials, LoginResponse } from './auth-slice';
export { createCrudArea, toFormData } from './crud-area';
export type { AreaFailure, AreaUpload, CrudArea, CrudAreaOptions, CrudAreaState, AreaPath, ListParams } from './crud-area';
export {
  uiSlice, UI_DEFAULTS, setSidebarShow, toggleSidebar, setAsideShow, toggleAside, setTheme, setSidebarUnfoldable, selectUi,
} from './ui-slice';
export type { UiState } from './ui-slice';
export { chooseInterface } from './interface-choice';
export type { InterfaceChoice } from './interface-choice';
export { answerSlice, answered, answerFocused, answerDismissed, selectAnswer } from './answer-slice';
export type { Answer, AnswerInput, AnswerState, AnswerTone } from './answer-slice';
export {
  cartSlice, addToCart, removeFromCart, setCartQuantity, emptyCart, selectCart, selectCartError, selectCartCount, cartTotal, MAX_LINE_QUANTITY,
} from './cart-slice';
export type { CartState } from './cart-slice';
export {
  calculatorSlice, addStep, changeStep, removeStep, clearSteps, setCurrentStep,
  selectSteps, selectCurrentStep, selectCalculatorError,
} from './calculator-slice';
export type { CalculatorState } from './calculator-slice';
export {
  i18n, initI18n, addTranslations, setLanguage, commonTranslations, LANGUAGES, DEFAULT_LANGUAGE, COMMON_NAMESPACE,
} from './i18n';
export type { Language } from './i18n';
export { wordsInWrongLanguage, LATIN_IN_RUSSIAN } from './words';
export { useTranslation } from './use-translation';
export { isValidTaxId } from './tax-id';
export { apiDelete, apiGet, apiPath, apiPost, apiPut } from './api-calls';
export type { ApiCallOptions } from './api-calls';
export { antdCsp, cspNonce } from './csp-nonce';
