// The one HTTP client of the page (design §2, style 4): every call of the host and the remotes goes
// through it, so the 401 refresh of spec §7 / design §11 happens in exactly one place:
// - one in-flight refresh for the whole client; its successful result is reused for 10 s;
// - a 401 that arrives while a refresh is in flight waits for it; a 401 for a request sent with an
//   access token older than the current one just retries, without another refresh;
// - the refresh call goes through a bare axios instance, never through this interceptor;
// - each request is retried at most once, rebuilt from the caller's original config (a FormData
//   body is sent again as is), and the token is read from storage when the request is sent;
// - when the refresh fails or there is no refresh token: the tokens are cleared, every waiting
//   request is rejected and the session-end handlers run once;
// - the tabs of the portal agree on one refresh (issue 17): a refresh runs under one lock for the
//   whole origin (the Web Locks API), and a tab that waited for it and finds other tokens in storage
//   than those it meant to refresh takes them instead of refreshing again (its refresh token is
//   spent by then). A tab's storage may still show the old tokens when its turn comes (Chromium
//   keeps localStorage per renderer and brings another tab's write a moment later), so the tab that
//   refreshed also says, before it lets the lock go, which refresh token it spent (a second lock
//   named after it, held REFRESH_REUSE_MS); a tab that finds that token still in its storage asks
//   the browser's lock manager, and waits for the new tokens to reach its storage instead of
//   refreshing again. The API answers a spent token within REFRESH_REUSE_GRACE_SECONDS with the same
//   pair, so a browser without the lock stays signed in too;
// - signing out (`logout`) revokes the session's refresh tokens on the server, best effort;
// - a GET of a URL the page's inline script has already asked, with the same token, takes that
//   answer instead of asking again (preload.ts); an error answer there is dropped and the request
//   is sent, so a 401 is refreshed and retried as above.
import axios, {
  AxiosHeaders, isAxiosError,
  type AxiosAdapter, type AxiosError, type AxiosInstance, type AxiosRequestConfig, type CreateAxiosDefaults,
  type InternalAxiosRequestConfig,
} from 'axios';
import { i18n } from './i18n';
import type { AuthTokens } from './types';
import { preloadingAdapter } from './preload';
import { clearTokens, getTokens, setTokens } from './tokens';

/** How long a settled refresh result is reused (spec §9). */
export const REFRESH_REUSE_MS = 10_000;
/** Retries of one request after a 401 (spec §9). */
export const RETRY_LIMIT = 1;
/** Screen and remote chunk load timeout (spec §9); the bundler config uses it. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** No default HTTP timeout (spec §9). */
export const HTTP_TIMEOUT_MS = 0;

export const TOKEN_PATH = '/api/token/';
export const TOKEN_REFRESH_PATH = '/api/token/refresh/';
export const TOKEN_LOGOUT_PATH = '/api/token/logout/';
/** The name of the lock the page's tabs refresh under (the Web Locks API). */
export const REFRESH_LOCK_NAME = 'portal-token-refresh';

/** What the client knows about one attempt of a request; a class so axios' config merge keeps it by reference. */
class AuthAttempt {
  constructor(
    readonly retries: number,
    readonly original: AxiosRequestConfig,
    readonly sentAccess: string | null,
  ) {}
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send no bearer token and leave a 401 alone (the sign-in and refresh calls). */
    skipAuth?: boolean;
    /** Set by the portal client: the attempt this request is. Do not set it yourself. */
    portalAttempt?: unknown;
  }
}

/** Where the client reads and writes the tokens; browser storage by default. */
export interface TokenStore {
  get(): AuthTokens | null;
  set(tokens: AuthTokens): void;
  clear(): void;
}

export const browserTokenStore: TokenStore = { get: getTokens, set: setTokens, clear: clearTokens };

/** How long a tab whose storage still shows a refresh token another tab spent waits for the new tokens to arrive. */
export const REFRESHED_TOKENS_WAIT_MS = 5_000;
/** The names of the locks that say a refresh token was just spent: this prefix and the token's last 16 characters. */
export const REFRESHED_LOCK_PREFIX = 'portal-token-refreshed:';

/** How the tabs of the page take turns to refresh, and tell each other which refresh token was spent. */
export interface RefreshLock {
  /** Runs `task` while no other tab runs one under the same lock. */
  <T>(task: () => Promise<T>): Promise<T>;
  /**
   * Says to every tab, for REFRESH_REUSE_MS, that this one has just spent `refresh`; resolves once
   * that is said (so before the caller lets the refresh lock go).
   */
  spend?(refresh: string): Promise<void>;
  /** Whether a tab has said within REFRESH_REUSE_MS that it spent `refresh`. */
  spent?(refresh: string): Promise<boolean>;
}

/** What the client uses of the Web Locks API (`navigator.locks`). */
export type WebLocks = Pick<LockManager, 'request' | 'query'>;

const refreshedLockName = (refresh: string) => `${REFRESHED_LOCK_PREFIX}${refresh.slice(-16)}`;

/**
 * The tabs' refresh lock over a lock manager: one exclusive lock for the origin, and a lock per
 * spent refresh token, held REFRESH_REUSE_MS, that the lock manager (one for the browser, unlike
 * each renderer's copy of localStorage) shows to every tab at once. Without a lock manager the task
 * runs at once and nothing is said.
 */
export function refreshLockOf(locks: WebLocks | undefined): RefreshLock {
  if (!locks) return (task) => task();
  const lock = <T>(task: () => Promise<T>): Promise<T> => locks.request(REFRESH_LOCK_NAME, () => task());
  return Object.assign(lock, {
    // Taken only if free: held already, another tab has said it (and this one must not wait for it).
    spend: (refresh: string) => new Promise<void>((said) => {
      locks.request(refreshedLockName(refresh), { ifAvailable: true }, (held) => {
        said();
        return held ? new Promise<void>((resolve) => setTimeout(resolve, REFRESH_REUSE_MS)) : undefined;
      }).catch(() => said());
    }),
    spent: async (refresh: string) => ((await locks.query()).held ?? []).some((held) => held.name === refreshedLockName(refresh)),
  });
}

const pageLocks = (): WebLocks | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/** The Web Locks API's locks of the page (read when used); where there are none, the task runs at once. */
export const webRefreshLock: RefreshLock = Object.assign(<T>(task: () => Promise<T>) => refreshLockOf(pageLocks())(task), {
  spend: (refresh: string) => refreshLockOf(pageLocks()).spend?.(refresh) ?? Promise.resolve(),
  spent: (refresh: string) => refreshLockOf(pageLocks()).spent?.(refresh) ?? Promise.resolve(false),
});

export interface ApiClientOptions {
  baseURL: string;
  tokens?: TokenStore;
  adapter?: AxiosAdapter;
  /** How the tabs take turns to refresh; the Web Locks API by default. */
  lock?: RefreshLock;
}

export interface RefreshOptions {
  /** Do not reuse a result settled within REFRESH_REUSE_MS (a refresh in flight is still joined). */
  force?: boolean;
}

export type Unsubscribe = () => void;

export interface PortalApiClient extends AxiosInstance {
  /** The deduplicated refresh: POST /api/token/refresh/, the new tokens stored. */
  refreshTokens(options?: RefreshOptions): Promise<AuthTokens>;
  /** Runs once each time a session ends because its tokens could not be refreshed. */
  onSessionEnd(handler: () => void): Unsubscribe;
  /** Runs after every successful refresh, with the new tokens. */
  onTokensRefreshed(handler: (tokens: AuthTokens) => void): Unsubscribe;
  /**
   * Signing out: POST /api/token/logout/ with the stored refresh token, so that the server revokes
   * it and the tokens rotated from it. Best effort: never rejects. The token is read at once, so
   * the caller may clear the storage right after calling.
   */
  logout(): Promise<void>;
}

/** Thrown to the waiting requests' callers when there was no refresh token to use. */
export class SessionEndedError extends Error {
  constructor() {
    super('The session has ended: there is no refresh token.');
    this.name = 'SessionEndedError';
  }
}

function clientDefaults(baseURL: string): CreateAxiosDefaults {
  return {
    baseURL,
    headers: { Accept: 'application/json' },
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    timeout: HTTP_TIMEOUT_MS,
    validateStatus: (status) => status >= 200 && status < 300,
  };
}

function isAuthPath(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.replace(/^[a-zA-Z]+:\/\/[^/]+/, '').split('?')[0];
  return path === TOKEN_PATH || path === TOKEN_REFRESH_PATH || path === TOKEN_LOGOUT_PATH;
}

/**
 * Whether a request goes to the API's own origin (a relative address, or the base URL's or the
 * page's origin). Only those carry the access token: a remote's manifest that the registry places
 * on another origin must never receive it.
 */
function toOwnOrigin(config: InternalAxiosRequestConfig): boolean {
  const url = config.url ?? '';
  // `//host/…` and `/\host/…` are other sites too: a browser reads a backslash as a slash.
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:|^[/\\]{2}/.test(url)) return true;
  const here = typeof window === 'undefined' ? undefined : window.location.href;
  try {
    const target = new URL(url, here).origin;
    const own = config.baseURL ? new URL(config.baseURL, here).origin : undefined;
    return target === own || (here !== undefined && target === new URL(here).origin);
  } catch {
    return false;
  }
}

/** The caller's request as it was before the client touched it, for a faithful retry. */
function snapshot(config: InternalAxiosRequestConfig): AxiosRequestConfig {
  // A copy: AxiosHeaders.from would hand back the very headers this attempt is sent with.
  const headers = new AxiosHeaders(config.headers);
  headers.delete('Authorization');
  return { ...config, headers, portalAttempt: undefined };
}

export function createApiClient(options: ApiClientOptions): PortalApiClient {
  const tokens = options.tokens ?? browserTokenStore;
  const lock = options.lock ?? webRefreshLock;
  const instance = axios.create({ ...clientDefaults(options.baseURL), adapter: preloadingAdapter(options.adapter, isAuthPath) });
  // The refresh call: same defaults and adapter, but none of the interceptors below.
  const bare = axios.create(clientDefaults(options.baseURL));

  const sessionEndHandlers = new Set<() => void>();
  const refreshedHandlers = new Set<(tokens: AuthTokens) => void>();
  let inFlight: Promise<AuthTokens> | null = null;
  let settled: { result: Promise<AuthTokens>; at: number } | null = null;

  const notify = <A extends unknown[]>(handlers: Set<(...args: A) => void>, ...args: A) => {
    for (const handler of [...handlers]) {
      try {
        handler(...args);
      } catch (err) {
        console.error(err);
      }
    }
  };

  // Ends the session once: only the call that actually removes the tokens tells the handlers (or,
  // when another tab removed them, the call that found them gone).
  const endSession = (hadTokens = tokens.get() !== null) => {
    tokens.clear();
    settled = null;
    if (hadTokens) notify(sessionEndHandlers);
  };

  const performRefresh = async (): Promise<AuthTokens> => {
    const seen = tokens.get();
    if (!seen?.refresh) {
      endSession();
      throw new SessionEndedError();
    }
    return lock(() => refreshUnderLock(seen));
  };

  /** The refresh itself, its turn come: `seen` is what the storage held when it was asked for. */
  const refreshUnderLock = async (seen: AuthTokens): Promise<AuthTokens> => {
    const current = tokens.get();
    if (!current?.refresh) {
      // Another tab's refresh failed, or it signed out, while this one waited.
      endSession(true);
      throw new SessionEndedError();
    }
    if (current.refresh !== seen.refresh) {
      // Another tab refreshed while this one waited: its tokens are this tab's too.
      notify(refreshedHandlers, current);
      return current;
    }
    if (await lock.spent?.(current.refresh).catch(() => false)) {
      // Another tab has just spent this token, and its new tokens have not reached this tab's
      // storage yet: they are on their way. Only if they never come does this tab refresh itself.
      const arrived = await tokensOtherThan(current.refresh);
      if (arrived === null) {
        endSession(true);
        throw new SessionEndedError();
      }
      if (arrived) {
        notify(refreshedHandlers, arrived);
        return arrived;
      }
    }
    try {
      const { data } = await bare.post<Partial<AuthTokens>>(TOKEN_REFRESH_PATH, { refresh: current.refresh }, {
        adapter: instance.defaults.adapter,
        skipAuth: true,
      });
      if (!data || typeof data.access !== 'string') throw new Error('The token refresh answer has no access token.');
      const next: AuthTokens = { access: data.access, refresh: typeof data.refresh === 'string' ? data.refresh : current.refresh };
      tokens.set(next);
      // Said before the refresh lock is let go: the next tab to take it learns of it however late
      // this tab's write reaches its storage.
      if (next.refresh !== current.refresh) await lock.spend?.(current.refresh).catch(() => undefined);
      notify(refreshedHandlers, next);
      return next;
    } catch (err) {
      endSession();
      throw err;
    }
  };

  /**
   * The stored tokens once they are other than those holding `spent`: null when they are gone (the
   * other tab signed out), undefined when REFRESHED_TOKENS_WAIT_MS pass without them. Woken by the
   * `storage` event where there is a window, and looked at every few milliseconds all the same.
   */
  const tokensOtherThan = (spent: string): Promise<AuthTokens | null | undefined> => new Promise((resolve) => {
    const deadline = Date.now() + REFRESHED_TOKENS_WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      clearTimeout(timer);
      const stored = tokens.get();
      if (stored?.refresh === spent && Date.now() < deadline) {
        timer = setTimeout(look, 20);
        return;
      }
      if (typeof window !== 'undefined') window.removeEventListener('storage', look);
      resolve(stored?.refresh === spent ? undefined : stored);
    };
    if (typeof window !== 'undefined') window.addEventListener('storage', look);
    look();
  });

  const refreshTokens = (refreshOptions: RefreshOptions = {}): Promise<AuthTokens> => {
    if (inFlight) return inFlight;
    if (!refreshOptions.force && settled && Date.now() - settled.at < REFRESH_REUSE_MS) return settled.result;
    const attempt = performRefresh().then(
      (next) => {
        settled = { result: Promise.resolve(next), at: Date.now() };
        return next;
      },
      (err: unknown) => {
        settled = null;
        throw err;
      },
    ).finally(() => {
      if (inFlight === attempt) inFlight = null;
    });
    inFlight = attempt;
    return attempt;
  };

  // The API words its messages (spec §8) in the language the user chose in the portal, not the browser's.
  instance.interceptors.request.use((config) => {
    if (i18n.language && !config.headers.has('Accept-Language')) config.headers.set('Accept-Language', i18n.language);
    return config;
  });

  instance.interceptors.request.use((config) => {
    if (config.skipAuth || isAuthPath(config.url) || !toOwnOrigin(config)) return config;
    const previous = config.portalAttempt instanceof AuthAttempt ? config.portalAttempt : null;
    const original = previous?.original ?? snapshot(config);
    const access = tokens.get()?.access ?? null;
    if (access) config.headers.set('Authorization', `Bearer ${access}`);
    config.portalAttempt = new AuthAttempt(previous?.retries ?? 0, original, access);
    return config;
  });

  const retry = (attempt: AuthAttempt) => {
    const original = attempt.original;
    return instance.request({
      ...original,
      headers: new AxiosHeaders(original.headers as AxiosHeaders),
      portalAttempt: new AuthAttempt(attempt.retries + 1, original, null),
    });
  };

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401) throw error;
    const config = (error as AxiosError).config;
    const attempt = config?.portalAttempt;
    if (!config || config.skipAuth || !(attempt instanceof AuthAttempt)) throw error;
    if (attempt.retries >= RETRY_LIMIT) throw error;

    if (inFlight) {
      // A refresh is under way: wait for it, then send again with whatever token it stored.
      await inFlight.catch(() => { throw error; });
      return retry(attempt);
    }
    const current = tokens.get();
    // No tokens: a visitor's call, or the session has already ended; nothing to refresh.
    if (!current) throw error;
    // Sent with an older token (or none) than the one stored now: the refresh already happened.
    if (current.access !== attempt.sentAccess) return retry(attempt);
    await refreshTokens().catch(() => { throw error; });
    return retry(attempt);
  });

  return Object.assign(instance, {
    refreshTokens,
    onSessionEnd(handler: () => void): Unsubscribe {
      sessionEndHandlers.add(handler);
      return () => void sessionEndHandlers.delete(handler);
    },
    onTokensRefreshed(handler: (next: AuthTokens) => void): Unsubscribe {
      refreshedHandlers.add(handler);
      return () => void refreshedHandlers.delete(handler);
    },
    async logout(): Promise<void> {
      const refresh = tokens.get()?.refresh;
      if (!refresh) return;
      try {
        await bare.post(TOKEN_LOGOUT_PATH, { refresh }, { adapter: instance.defaults.adapter, skipAuth: true });
      } catch {
        // Signed out here all the same: the storage is cleared, and the refresh token expires.
      }
    },
  }) as PortalApiClient;
}

/** The page's one client: relative paths, the portal's own origin. */
export const apiClient: PortalApiClient = createApiClient({ baseURL: '' });

export const refreshTokens = (options?: RefreshOptions): Promise<AuthTokens> => apiClient.refreshTokens(options);
export const onSessionEnd = (handler: () => void): Unsubscribe => apiClient.onSessionEnd(handler);
export const onTokensRefreshed = (handler: (tokens: AuthTokens) => void): Unsubscribe => apiClient.onTokensRefreshed(handler);
