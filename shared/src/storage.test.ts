import { readStorage, removeStorage, STORAGE_KEYS, StorageWriteError, writeStorage } from './storage';
import { clearTokens, getTokens, setTokens } from './tokens';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('browser storage', () => {
  it('uses the keys authTokens, cart and steps (spec §9)', () => {
    expect(STORAGE_KEYS).toEqual({ authTokens: 'authTokens', cart: 'cart', steps: 'steps' });
  });

  it('writes and reads JSON values', () => {
    writeStorage('cart', [{ product: 1, quantity: 2 }]);
    expect(localStorage.getItem('cart')).toBe('[{"product":1,"quantity":2}]');
    expect(readStorage('cart', [])).toEqual([{ product: 1, quantity: 2 }]);
  });

  it('a missing value or bad JSON gives the fallback', () => {
    expect(readStorage('steps', ['fallback'])).toEqual(['fallback']);
    localStorage.setItem('steps', '{not json');
    expect(readStorage('steps', ['fallback'])).toEqual(['fallback']);
  });

  it('a failed write to browser storage is reported as the error', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => writeStorage('cart', [])).toThrow(StorageWriteError);
    expect(() => writeStorage('cart', [])).toThrow(/browser storage could not be written/);
  });

  it('removes a value', () => {
    writeStorage('steps', [1]);
    removeStorage('steps');
    expect(localStorage.getItem('steps')).toBeNull();
  });
});

describe('token storage', () => {
  it('keeps the access and refresh values under authTokens', () => {
    expect(getTokens()).toBeNull();
    setTokens({ access: 'a', refresh: 'r' });
    expect(JSON.parse(localStorage.getItem('authTokens')!)).toEqual({ access: 'a', refresh: 'r' });
    expect(getTokens()).toEqual({ access: 'a', refresh: 'r' });
    clearTokens();
    expect(getTokens()).toBeNull();
    expect(localStorage.getItem('authTokens')).toBeNull();
  });

  it('ignores a stored value that is not a pair of tokens', () => {
    localStorage.setItem('authTokens', '{"access":1}');
    expect(getTokens()).toBeNull();
    localStorage.setItem('authTokens', 'garbage');
    expect(getTokens()).toBeNull();
  });
});
