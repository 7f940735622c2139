// The error catalogue of spec §8, turned into the one sentence a screen shows.
// A failed data call shows the API's `message` (design §6) when there is one, otherwise the
// generic message; failures below HTTP (network, abort, timeout, a chunk that did not load) get
// their own words. Messages are translated into the current UI language at the time of the call.
import { isAxiosError } from 'axios';
import { i18n, initI18n } from './i18n';
import { StorageWriteError } from './storage';
import type { ApiErrorBody } from './types';

export const GENERIC_ERROR_KEY = 'errors.generic';
/** The generic message in the default language (Russian). */
export const GENERIC_ERROR_MESSAGE = 'Произошла ошибка. Попробуйте ещё раз.';

function translate(key: string, options?: Record<string, unknown>): string {
  initI18n();
  return i18n.t(key, { ns: 'common', ...options }) as string;
}

function serverMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data as ApiErrorBody;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

function isChunkLoadError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ChunkLoadError' || /loading (css )?chunk .* failed/i.test(err.message));
}

/** The transport-level message of an axios error that has no usable answer from the API. */
function transportMessage(err: { code?: string; message?: string; response?: { status: number } }): string {
  if (err.code === 'ETIMEDOUT' || /timeout/i.test(err.message ?? '')) return translate('errors.timeout');
  if (err.code === 'ECONNABORTED' || err.code === 'ERR_CANCELED') return translate('errors.aborted');
  if (err.code === 'ERR_NETWORK' || !err.response) return translate('errors.network');
  return translate('errors.status', { status: err.response.status });
}

/** What a screen shows for a failed call: the server's message, otherwise the generic message. */
export function errorMessage(err: unknown): string {
  if (typeof err === 'string' && err.trim() !== '') return err;
  if (isAxiosError(err)) {
    const response = err.response;
    const message = response ? serverMessage(response.data) : null;
    if (message) return message;
    if (!response) return transportMessage(err);
    // An answer that is not the API's JSON (an HTML page from a proxy, say) names its status code.
    if (typeof response.data !== 'object' || response.data === null) return transportMessage(err);
    return translate(GENERIC_ERROR_KEY);
  }
  if (err instanceof StorageWriteError) return translate('errors.storage');
  if (isChunkLoadError(err)) return translate('errors.chunk');
  // An API error body handed over as it is ({message, ...}); an Error's own text stays internal.
  const message = err instanceof Error ? null : serverMessage(err);
  if (message) return message;
  return translate(GENERIC_ERROR_KEY);
}

/** Failed login (spec §8): the server's message, otherwise the whole response body as text. */
export function loginErrorMessage(err: unknown): string {
  if (isAxiosError(err) && err.response) {
    const { data } = err.response;
    const message = serverMessage(data);
    if (message) return message;
    if (typeof data === 'string' && data.trim() !== '') return data;
    if (data !== undefined && data !== null && data !== '') return JSON.stringify(data);
    return transportMessage(err);
  }
  return errorMessage(err);
}

/** The first message for each field of a 400 answer (`fields` of design §6), for form feedback. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!isAxiosError(err) || !err.response) return {};
  const data = err.response.data as Partial<ApiErrorBody> | undefined;
  const fields = data && typeof data === 'object' ? data.fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [name, messages] of Object.entries(fields)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') result[name] = first;
  }
  return result;
}

/** The HTTP status of a failed call, when the API answered (404: not there, or not the caller's). */
export function errorStatus(err: unknown): number | undefined {
  return isAxiosError(err) ? err.response?.status : undefined;
}
