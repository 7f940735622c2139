// «Обмен с 1С»'s calls (issue 33, design §6): exchange accounts (the key in the creating answer
// only), the runs of the exchange, the price type setting, and sending an order to 1C again.
// The shapes are the API's own, read from its OpenAPI document.
import { apiDelete, apiGet, apiPost, type ApiRequestBody, type ApiResponse } from '@portal/shared';

export type ExchangeAccount = ApiResponse<'/api/exchange/accounts/'>[number];
export type NewExchangeAccount = ApiResponse<'/api/exchange/accounts/', 'post'>;
export type ExchangeRunsPage = ApiResponse<'/api/exchange/runs/'>;
export type ExchangeRun = ExchangeRunsPage['results'][number];

export const ACCOUNTS_PATH = '/api/exchange/accounts/' as const;
export const RUNS_PATH = '/api/exchange/runs/' as const;
/** The address an operator types into 1C's «Обмен с сайтом». */
export const exchangeAddress = () => `${window.location.origin}/api/exchange/1c/`;

export const createAccount = (body: ApiRequestBody<'/api/exchange/accounts/', 'post'>): Promise<NewExchangeAccount> => apiPost(ACCOUNTS_PATH, body);

export const deleteAccount = (id: number) => apiDelete('/api/exchange/accounts/{id}/', { path: { id } });

/** A run's file, as 1C posted it. */
export const runFilePath = (run: number, file: number) => `/api/exchange/runs/${run}/files/${file}/`;

/**
 * «Выгрузить заказы заново»: the order with this number (as dealers and staff see it) goes to 1C
 * with the next exchange. Answers the order's number as found, or null when there is none.
 */
export async function sendOrderAgain(number: string): Promise<string | null> {
  const found = (await apiGet('/api/orders/', { query: { search: number.trim(), page_size: 20 } })).results
    .find((order) => order.number.toLowerCase() === number.trim().toLowerCase());
  if (!found) return null;
  await apiPost('/api/orders/{id}/exchange/reset/', undefined, { path: { id: found.id } });
  return found.number;
}
