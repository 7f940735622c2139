import { createCrudArea, type ApiRequestBody } from '@portal/shared';

export const SHIPPINGS_PATH = '/api/shippings/' as const;
/** Where a new shipment goes (spec §7), not its list path. */
const SHIPPING_CREATE_PATH = '/api/shipping/create/' as const;

/** A new shipment as the API takes it: its order, carrier and tracking number. */
export type NewShipment = ApiRequestBody<typeof SHIPPING_CREATE_PATH, 'post'>;

/**
 * The shipments list (design §4: a dealer reads its own, the API narrows them), and where the order
 * page's «Отгрузить» records one. Named apart from the order page's shipments, so the two screens
 * never overwrite each other's rows in the store.
 */
export const shippingListArea = createCrudArea({ name: 'shippingList', path: SHIPPINGS_PATH, createPath: SHIPPING_CREATE_PATH });
