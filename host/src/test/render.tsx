// Renders a host screen the way the portal does: one store, a router, Russian texts.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiClient, createPortalStore, initI18n } from '@portal/shared';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import '../app/translations';

initI18n();

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export function renderAt(path: string, routes: ReactElement, store = createPortalStore()) {
  const utils = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        {routes}
        <Routes><Route path="*" element={<LocationProbe />} /></Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...utils, store };
}

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | Promise<{ status: number; data: unknown }>;

/** Answers the one API client's requests in the test, without a network. */
export function stubApi(handler: Handler) {
  const original = apiClient.defaults.adapter;
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const { status, data } = await handler(config);
    const response = { data, status, statusText: String(status), headers: {}, config } as AxiosResponse;
    if (status >= 200 && status < 300) return response;
    const error = Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response, config, name: 'AxiosError' });
    throw error;
  };
  apiClient.defaults.adapter = adapter;
  return { calls, restore: () => { apiClient.defaults.adapter = original; } };
}

/** A signed access token as the API issues it (the signature is not checked in the browser). */
export function fakeAccessToken(claims: Record<string, unknown>) {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ token_type: 'access', iat: now, exp: now + 300, jti: 'j', ...claims })}.sig`;
}
