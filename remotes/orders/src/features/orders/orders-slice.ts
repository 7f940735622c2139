import { createCrudArea, type Order } from '@portal/shared';

export const ORDERS_PATH = '/api/orders/';

/** A dealer's own orders, every order for staff (the API narrows a dealer's rows, design §4). */
export const ordersArea = createCrudArea<Order>({ name: 'orders', path: ORDERS_PATH, multipart: true });
