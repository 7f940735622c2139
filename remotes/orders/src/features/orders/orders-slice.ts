import { createCrudArea, type ApiRequestBody } from '@portal/shared';

export const ORDERS_PATH = '/api/orders/' as const;

/** A new order as the API takes it: its lines (product and quantity; the server prices them) and its comment. */
export type NewOrder = ApiRequestBody<typeof ORDERS_PATH, 'post'>;

/**
 * A dealer's own orders, every order for staff (the API narrows a dealer's rows, design §4). The
 * cart places a new one here (multipart with its document), the order page's edit saves here.
 */
export const ordersArea = createCrudArea({ name: 'orders', path: ORDERS_PATH });
