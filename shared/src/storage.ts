// The browser-storage wrapper: every value is JSON under one key. Reads never throw (a missing or
// corrupt value gives the fallback); a failed write throws StorageWriteError so that the caller can
// report it as the error (spec §8). Where there is no localStorage (Node: tests, benchmarks) an
// in-memory map stands in, so the same code runs there.

export const STORAGE_KEYS = { authTokens: 'authTokens', cart: 'cart', steps: 'steps' } as const;

/** Keys of ours, beyond the three of spec §9. */
export const UI_PREFS_KEY = 'uiPrefs';
export const LANGUAGE_KEY = 'lang';
/** Quick order's rows not yet in the cart (those to correct), kept like the cart until they are added or removed. */
export const QUICK_ORDER_KEY = 'quickOrder';

export class StorageWriteError extends Error {
  readonly key: string;
  constructor(key: string, cause?: unknown) {
    super(`The browser storage could not be written (${key}).`, { cause });
    this.name = 'StorageWriteError';
    this.key = key;
  }
}

const memory = new Map<string, string>();
const memoryStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, String(value)),
  removeItem: (key) => void memory.delete(key),
};

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof globalThis.localStorage !== 'undefined' && globalThis.localStorage) return globalThis.localStorage;
  } catch {
    // Reading window.localStorage itself throws when storage is disabled.
  }
  return memoryStorage;
}

export function readStorage<T>(key: string, fallback: T): T {
  try {
    const raw = storage().getItem(key);
    if (raw === null) return fallback;
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeStorage(key: string, value: unknown): void {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch (err) {
    throw new StorageWriteError(key, err);
  }
}

export function removeStorage(key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // Nothing stored can be left behind if the storage cannot be reached at all.
  }
}
