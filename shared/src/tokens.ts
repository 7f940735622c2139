import type { AuthTokens } from './types';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

function isTokens(value: unknown): value is AuthTokens {
  return typeof value === 'object' && value !== null && typeof (value as AuthTokens).access === 'string'
    && typeof (value as AuthTokens).refresh === 'string';
}

export function getTokens(): AuthTokens | null {
  const value = readStorage<unknown>(STORAGE_KEYS.authTokens, null);
  return isTokens(value) ? value : null;
}

export function setTokens(tokens: AuthTokens): void {
  writeStorage(STORAGE_KEYS.authTokens, { access: tokens.access, refresh: tokens.refresh });
}

export function clearTokens(): void {
  removeStorage(STORAGE_KEYS.authTokens);
}
