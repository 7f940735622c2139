import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { errorMessage, fieldErrors, GENERIC_ERROR_MESSAGE, loginErrorMessage } from './errors';
import { initI18n, setLanguage } from './i18n';
import { StorageWriteError } from './storage';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function httpError(status: number, data: unknown): AxiosError {
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST', config, {}, response);
}

beforeAll(() => initI18n());
afterEach(() => {
  setLanguage('ru');
  localStorage.clear();
});

describe('errorMessage (spec §8)', () => {
  it('a failed data call reports the server\'s message field when present', () => {
    expect(errorMessage(httpError(409, { message: 'Заказ уже отгружен', code: 'conflict' }))).toBe('Заказ уже отгружен');
  });

  it('a failed data call without a message reports the generic error message', () => {
    expect(errorMessage(httpError(500, {}))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(httpError(400, { code: 'x' }))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new Error('internal detail'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(undefined)).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('network error', () => {
    expect(errorMessage(new AxiosError('Network Error', 'ERR_NETWORK', config))).toMatch(/Нет связи с сервером/);
  });

  it('request aborted', () => {
    expect(errorMessage(new AxiosError('Request aborted', 'ECONNABORTED', config))).toBe('Запрос прерван.');
    expect(errorMessage(new AxiosError('canceled', 'ERR_CANCELED', config))).toBe('Запрос прерван.');
  });

  it('timeout exceeded', () => {
    expect(errorMessage(new AxiosError('timeout of 1000ms exceeded', 'ECONNABORTED', config))).toMatch(/Превышено время ожидания/);
    expect(errorMessage(new AxiosError('timeout exceeded', 'ETIMEDOUT', config))).toMatch(/Превышено время ожидания/);
  });

  it('request failed with status code (an answer that is not the API\'s JSON)', () => {
    expect(errorMessage(httpError(502, '<html>Bad gateway</html>'))).toBe('Запрос завершился ошибкой (код 502).');
  });

  it('failure to load a script or style chunk', () => {
    const chunk = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    expect(errorMessage(chunk)).toMatch(/Не удалось загрузить часть приложения/);
  });

  it('a failed write to browser storage is reported as the error', () => {
    expect(errorMessage(new StorageWriteError('cart'))).toBe('Не удалось сохранить данные в браузере.');
  });

  it('speaks the current UI language', () => {
    setLanguage('en');
    expect(errorMessage(httpError(500, {}))).toBe('Something went wrong. Please try again.');
    expect(errorMessage(new AxiosError('Network Error', 'ERR_NETWORK', config))).toMatch(/^Network error/);
    expect(errorMessage(httpError(502, 'Bad gateway'))).toBe('Request failed with status code 502.');
  });
});

describe('loginErrorMessage (spec §8)', () => {
  it('failed login reports the server\'s message', () => {
    expect(loginErrorMessage(httpError(401, { message: 'Неверная почта или пароль' }))).toBe('Неверная почта или пароль');
  });

  it('failed login without a message reports the whole response body', () => {
    expect(loginErrorMessage(httpError(401, { detail: 'No active account' }))).toBe('{"detail":"No active account"}');
    expect(loginErrorMessage(httpError(502, 'Bad gateway'))).toBe('Bad gateway');
  });

  it('failed login without an answer reports the transport error', () => {
    expect(loginErrorMessage(new AxiosError('Network Error', 'ERR_NETWORK', config))).toMatch(/Нет связи с сервером/);
  });
});

describe('fieldErrors', () => {
  it('gives the first message of each field of a 400 answer', () => {
    expect(fieldErrors(httpError(400, { message: 'Проверьте поля', fields: { email: ['Неверный адрес', 'x'], tax_id: ['Обязательное поле'] } })))
      .toEqual({ email: 'Неверный адрес', tax_id: 'Обязательное поле' });
    expect(fieldErrors(httpError(400, { message: 'x' }))).toEqual({});
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
