// The calls of a resource that are not plain CRUD (a resource's api.ts: publish, send a link, a
// status change with a comment), typed from the API's own document: the path is one the API serves,
// the body is the one it takes for that method and the answer the one it gives, so a wrong path or
// field fails the type check. They go through the one client (api-client.ts) like every call.
import { apiClient } from './api-client';
import type { ListParams } from './crud-area';
import type { ApiMethod, ApiPathParams, ApiPaths, ApiRequestBody, ApiResponse } from './types';

type PathWith<M extends ApiMethod> = { [P in keyof ApiPaths]: ApiPaths[P][M] extends undefined | never ? never : P }[keyof ApiPaths];

/** The body a path takes for a method; `undefined` for a path that takes none (a rollback). */
type BodyOf<P extends keyof ApiPaths, M extends ApiMethod> = [ApiRequestBody<P, M>] extends [never] ? undefined : ApiRequestBody<P, M> | FormData;

export interface ApiCallOptions<P extends string> {
  /** The values of the path's `{name}` parts. */
  path?: ApiPathParams<P>;
  /** The query string. */
  query?: ListParams;
  /** Headers of this call only (If-Match on a live release, say). */
  headers?: Record<string, string>;
  /** Aborts the call (a newer search replaces it). */
  signal?: AbortSignal;
}

/** A path template with its `{name}` parts filled in (each value URL-encoded): `/api/claims/3/comments/`. */
export function apiPath<P extends keyof ApiPaths>(template: P, params?: ApiPathParams<P>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The path ${template} needs its ${name}.`);
    return encodeURIComponent(String(value));
  });
}

export async function apiGet<P extends PathWith<'get'>>(path: P, options: ApiCallOptions<P> = {}): Promise<ApiResponse<P, 'get'>> {
  const { data } = await apiClient.get<ApiResponse<P, 'get'>>(apiPath(path, options.path), { params: options.query, headers: options.headers, signal: options.signal });
  return data;
}

export async function apiPost<P extends PathWith<'post'>>(path: P, body: BodyOf<P, 'post'>, options: ApiCallOptions<P> = {}): Promise<ApiResponse<P, 'post'>> {
  const { data } = await apiClient.post<ApiResponse<P, 'post'>>(apiPath(path, options.path), body, { params: options.query, headers: options.headers, signal: options.signal });
  return data;
}

export async function apiPut<P extends PathWith<'put'>>(path: P, body: BodyOf<P, 'put'>, options: ApiCallOptions<P> = {}): Promise<ApiResponse<P, 'put'>> {
  const { data } = await apiClient.put<ApiResponse<P, 'put'>>(apiPath(path, options.path), body, { params: options.query, headers: options.headers, signal: options.signal });
  return data;
}

export async function apiDelete<P extends PathWith<'delete'>>(path: P, options: ApiCallOptions<P> = {}): Promise<void> {
  await apiClient.delete(apiPath(path, options.path), { params: options.query, headers: options.headers, signal: options.signal });
}
