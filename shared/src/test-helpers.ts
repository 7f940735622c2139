// Test helpers (not exported from the package): a stub axios adapter that answers like a server and
// counts what it was sent, signed-looking access tokens, and a deferred promise.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { AccessClaims, AuthTokens } from './types';
import type { TokenStore } from './api-client';

export interface StubAnswer {
  status: number;
  data?: unknown;
}

export type StubHandler = (request: StubRequest) => StubAnswer | Promise<StubAnswer>;

export interface StubRequest {
  method: string;
  url: string;
  authorization: string | null;
  data: unknown;
  params: unknown;
  config: InternalAxiosRequestConfig;
}

export interface StubServer {
  adapter: AxiosAdapter;
  requests: StubRequest[];
  count(method: string, url: string): number;
}

export function stubServer(handler: StubHandler): StubServer {
  const requests: StubRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    const request: StubRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      authorization: (headers.get('Authorization') as string | undefined) ?? null,
      data: config.data,
      params: config.params,
      config,
    };
    requests.push(request);
    const answer = await handler(request);
    const response: AxiosResponse = {
      data: answer.data, status: answer.status, statusText: String(answer.status), headers: {}, config, request: {},
    };
    if (config.validateStatus && !config.validateStatus(answer.status)) {
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config, {}, response,
      );
    }
    return response;
  };
  return {
    adapter,
    requests,
    count: (method, url) => requests.filter((r) => r.method === method && r.url === url).length,
  };
}

function base64url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let jti = 0;
/** An access token with the claims of design §6 (the signature is not checked by the portal). */
export function accessToken(claims: Partial<AccessClaims> = {}): string {
  jti += 1;
  const now = Math.floor(Date.now() / 1000);
  const payload: AccessClaims = {
    token_type: 'access', exp: now + 300, iat: now, jti: `jti-${jti}`, user_id: 7, email: 'dealer@demo.test',
    role: 'dealer', is_staff: false, dealer: 3, contract_signed: true, ...claims,
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

export function memoryTokenStore(initial: AuthTokens | null = null): TokenStore & { value: AuthTokens | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: (tokens: AuthTokens) => { store.value = tokens; },
    clear: () => { store.value = null; },
  };
  return store;
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
