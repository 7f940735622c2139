import { createCrudArea, type Dealer } from '@portal/shared';

/** Staff see whose shipment each is and filter by dealer; named apart from other screens' dealer lists. */
export const shippingDealersArea = createCrudArea<Dealer>({ name: 'shippingDealers', path: '/api/dealers/' });

export const ALL_DEALERS = { page_size: 500, ordering: 'name' };
