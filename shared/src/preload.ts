// Data before code (design §3 "Styles and the first draw", issue 31 item 3): the page's inline script
// (host/index.html) asks for /api/users/me/ and the first read of the screen its address opens (the
// `preload` of the registry's menu entry, or of the host's own screen) with the stored access token,
// before any other script runs, and leaves the answers in `window.__portalPreload`. The client takes
// an answer for a GET of exactly that URL, once, instead of asking again, while it is fresh and only
// while the token it was asked with is still the one the client sends; anything else (no answer, a
// 401, another error, another token) and the read goes to the server as always, refresh and retry
// included (api-client.ts).
import axios, { AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

/** What the page's inline script leaves for the client. */
export interface PagePreload {
  /** The access token the answers were asked with. */
  token: string;
  /** When they were asked (Date.now()). */
  at: number;
  /** By URL as the client asks it (path and query, in the screen's order): fetch's answer. */
  answers: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __portalPreload?: PagePreload;
  }
}

/**
 * How long after the page asked a preloaded answer may still be taken. The screen's first read comes
 * within a second or two; an answer nobody took by then (the user went elsewhere first) is not handed
 * to a read made long after, when the data may have changed.
 */
export const PRELOAD_FRESH_MS = 20_000;

const pagePreload = (): PagePreload | undefined => (typeof window === 'undefined' ? undefined : window.__portalPreload);

/**
 * The page's answer for `url` if it was asked with `token` and is fresh; taken once (a later read of
 * the same URL asks the server). An answer asked with another token is dropped too: it is never right.
 */
export function takePreloaded(url: string, token: string | null): Promise<Response> | undefined {
  const preload = pagePreload();
  const answers = preload?.answers;
  if (!answers || typeof answers !== 'object' || !Object.hasOwn(answers, url)) return undefined;
  const answer = answers[url];
  delete answers[url];
  if (!token || preload.token !== token || !(Date.now() - preload.at <= PRELOAD_FRESH_MS)) return undefined;
  return answer;
}

/** Drops every answer not taken yet: a change made through the API may have made them out of date. */
export function forgetPreloaded(): void {
  if (typeof window !== 'undefined') delete window.__portalPreload;
}

/** An answer of fetch as the answer of an axios adapter: the body as text, which axios parses as it parses XHR's. */
async function asAxiosResponse(response: Response, config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  const headers = new AxiosHeaders();
  response.headers.forEach((value, name) => { headers.set(name, value); });
  return { data: await response.text(), status: response.status, statusText: response.statusText, headers, config, request: {} };
}

/**
 * `next` with the page's preloaded answers in front: a GET whose URL and bearer token are those of a
 * preloaded answer that succeeded gets that answer; any other request, or a preloaded answer that is
 * an error or never came, goes to `next`. A request other than a GET (but the token calls) drops the
 * answers still waiting. `next` defaults to axios' own adapters, chosen when a request is sent.
 */
export function preloadingAdapter(next?: AxiosAdapter, isTokenCall: (url: string | undefined) => boolean = () => false): AxiosAdapter {
  const send: AxiosAdapter = (config) => (next ?? axios.getAdapter(axios.defaults.adapter, config))(config);
  return async (config) => {
    if (!pagePreload()) return send(config);
    if ((config.method ?? 'get').toLowerCase() !== 'get') {
      if (!isTokenCall(config.url)) forgetPreloaded();
      return send(config);
    }
    if (config.responseType && config.responseType !== 'json') return send(config);
    const bearer = /^Bearer (.+)$/.exec(String(AxiosHeaders.from(config.headers).get('Authorization') ?? ''));
    const answer = takePreloaded(axios.getUri(config), bearer ? bearer[1] : null);
    if (!answer) return send(config);
    const response = await answer.then((r) => (r.ok ? asAxiosResponse(r, config) : null)).catch(() => null);
    if (config.signal?.aborted) throw new axios.CanceledError(undefined, config);
    return response ?? send(config);
  };
}
