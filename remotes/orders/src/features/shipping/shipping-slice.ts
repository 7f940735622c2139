import { createCrudArea } from '@portal/shared';

export const SHIPPINGS_PATH = '/api/shippings/' as const;

/**
 * The shipments list (design §4: a dealer reads its own, the API narrows them). Named apart from
 * the order page's shipments, so the two screens never overwrite each other's rows in the store.
 */
export const shippingListArea = createCrudArea({ name: 'shippingList', path: SHIPPINGS_PATH });
