import { createCrudArea, type Claim, type Dealer } from '@portal/shared';
import { CLAIMS_PATH } from './api';

/** A dealer's own claims, every claim for staff (the API narrows a dealer's rows, design §4). */
export const claimsArea = createCrudArea<Claim>({ name: 'claims', path: CLAIMS_PATH });

/** Staff filter the claims by dealer; named apart from the dealers remote's own slice. */
export const claimDealersArea = createCrudArea<Dealer>({ name: 'claimsDealers', path: '/api/dealers/' });
export const ALL_DEALERS = { page_size: 500, ordering: 'name' };
