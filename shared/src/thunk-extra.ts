import type { PortalApiClient, TokenStore } from './api-client';

/** What every thunk of the store receives as `extra`: the page's client and token storage. */
export interface ThunkExtra {
  api: PortalApiClient;
  tokens: TokenStore;
}
