import { createCrudArea, type Dealer } from '@portal/shared';

/** Staff address a document to one dealer; named apart from the dealers remote's own slice. */
export const documentDealersArea = createCrudArea<Dealer>({ name: 'commsDealers', path: '/api/dealers/' });

export const ALL_DEALERS = { page_size: 500, ordering: 'name' };
