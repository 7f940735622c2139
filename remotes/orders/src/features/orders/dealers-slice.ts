import { createCrudArea, type Dealer } from '@portal/shared';

/** Staff filter the orders by dealer; named apart from the dealers remote's own slice. */
export const orderDealersArea = createCrudArea<Dealer>({ name: 'ordersDealers', path: '/api/dealers/' });

export const ALL_DEALERS = { page_size: 500, ordering: 'name' };
