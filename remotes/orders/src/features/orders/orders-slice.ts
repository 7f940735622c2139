import { createCrudArea } from '@portal/shared';

export const ORDERS_PATH = '/api/orders/' as const;

/**
 * A dealer's own orders, every order for staff (the API narrows a dealer's rows, design §4). The
 * order page's edit saves here as JSON; a new order with its document is the cart's (cart/api.ts).
 */
export const ordersArea = createCrudArea({ name: 'orders', path: ORDERS_PATH });
