// For component tests only (never imported by a screen): renders a screen as the page would, with
// the one store, a router at a given address, and the one API client answered by a stub server;
// the user is a dealer or staff by their access token's claims.
import { render, screen, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { Slice } from '@reduxjs/toolkit';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import { apiClient, createPortalStore, injectSlices, selectAnswer, setTokens, useAppSelector, type AccessClaims, type PortalStore } from '@portal/shared';

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  data: unknown;
  authorization: string | null;
  responseType?: string;
}

export interface Answer {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/**
 * A window `width` pixels wide for the rest of the test (a phone is 390): every media query of min-
 * and max-width is answered against it, ours (`NARROW_QUERY`) and antd's breakpoints alike. The
 * web tests' setup (jest.setup.web.ts) puts the default window back after each test.
 */
export function windowOf(width: number): void {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
  }) as unknown as typeof window.matchMedia;
}

/** Answers each request of the one client; returns what was sent. */
export function answerWith(handler: (request: SentRequest) => Answer | Promise<Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    const request: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', params: { ...(config.params ?? {}) },
      data: config.data, authorization: (headers.get('Authorization') as string | undefined) ?? null, responseType: config.responseType,
    };
    sent.push(request);
    config.onUploadProgress?.({ loaded: 50, total: 100, progress: 0.5, bytes: 50, lengthComputable: true });
    const answer = await handler(request);
    const status = answer.status ?? 200;
    const response: AxiosResponse = { data: answer.data, status, statusText: String(status), headers: answer.headers ?? {}, config, request: {} };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return sent;
}

/** base64url of the value's JSON, with the browser's own functions (the packed contract has no Node types). */
function base64url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Signs the user in with an access token carrying `claims` (a dealer of dealer 3 by default). */
export function signIn(claims: Partial<AccessClaims> = {}): void {
  const now = Math.floor(Date.now() / 1000);
  const payload: AccessClaims = {
    token_type: 'access', exp: now + 300, iat: now, jti: `t-${now}`, user_id: 7, email: 'dealer@demo.test',
    role: 'dealer', is_staff: false, dealer: 3, contract_signed: true, ...claims,
  };
  setTokens({ access: `${base64url({ alg: 'HS256' })}.${base64url(payload)}.c2ln`, refresh: 'refresh' });
}

export const STAFF: Partial<AccessClaims> = { role: 'manager', is_staff: true, dealer: null, email: 'manager@demo.test', user_id: 2 };

/** Shows the router's address, so a test can read what a screen wrote into it. */
/** What the host's live region would say (the last answer, issue 18 item 2), for a screen's test to read. */
function AnswerSaid() {
  const answer = useAppSelector(selectAnswer);
  return <output data-testid="answer" data-tone={answer?.tone}>{answer?.text ?? ''}</output>;
}

function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      <AnswerSaid />
      <button type="button" hidden data-testid="history-back" onClick={() => navigate(-1)} />
    </>
  );
}

export interface ScreenOptions {
  /** The address the screen opens at, e.g. '/comms?page=2'. */
  at?: string;
  /** The route pattern the screen is mounted under, e.g. '/comms/news/:id'. */
  path?: string;
  /**
   * A remote's base path, e.g. '/comms': the screen is then mounted as the host mounts a remote's
   * routes (`/comms/*`, the screen's route relative to it), so `..` leads where it does on the page.
   */
  base?: string;
  slices?: Slice[];
  /** Addresses visited before `at`, so that the back button has somewhere to go. */
  before?: string[];
  /** Other screens by pattern, to see where a screen leads. */
  routes?: Record<string, ReactElement>;
}

/** Renders `screen` with a fresh store at `at`; the user must be signed in first (signIn). */
export function renderScreen(screen: ReactElement, options: ScreenOptions = {}): RenderResult & { store: PortalStore; address(): string } {
  const store = createPortalStore();
  if (options.slices) injectSlices(options.slices);
  const at = options.at ?? '/';
  const pattern = options.path ?? at.split('?')[0];
  // A data router, as the host renders (so useBlocker works), with the screen's routes descendant.
  const page = (
    <>
      <Routes>
        {options.base ? (
          <Route path={`${options.base}/*`} element={(
            <Routes>
              {pattern === options.base
                ? <Route index element={screen} />
                : <Route path={pattern.slice(options.base.length + 1)} element={screen} />}
            </Routes>
          )} />
        ) : <Route path={pattern} element={screen} />}
        {Object.entries(options.routes ?? {}).map(([path, element]) => <Route key={path} path={path} element={element} />)}
      </Routes>
      <Address />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], {
    initialEntries: [...(options.before ?? []), at],
    future: { v7_relativeSplatPath: true, v7_fetcherPersist: true, v7_normalizeFormMethod: true, v7_partialHydration: true, v7_skipActionErrorRevalidation: true },
  });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </Provider>,
  );
  return Object.assign(result, { store, address: () => result.getByTestId('address').textContent ?? '' });
}

/** Chooses `option` in a list's filter: the browser's select named `label`, whose options read «label: option» (resource-list.tsx). */
export async function chooseFilter(user: UserEvent, label: string, option: string): Promise<void> {
  await user.selectOptions(screen.getByRole('combobox', { name: label }), `${label}: ${option}`);
}

/** What a list's filter (or a phone's «Сортировка») shows chosen: «Статус: Отгружен». */
export function filterShown(label: string): string | undefined {
  return (screen.getByRole('combobox', { name: label }) as HTMLSelectElement).selectedOptions[0]?.text;
}
