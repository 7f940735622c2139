import { createCrudArea, type Claim, type Dealer } from '@portal/shared';

/** The claims' API path; here, not in ./api, so that the slice (loaded when the remote starts)
 * does not bring the upload code to every admin screen. */
export const CLAIMS_PATH = '/api/claims/';

/** A dealer's own claims, every claim for staff (the API narrows a dealer's rows, design §4). */
export const claimsArea = createCrudArea<Claim>({ name: 'claims', path: CLAIMS_PATH });

/** Staff filter the claims by dealer; named apart from the dealers remote's own slice. */
export const claimDealersArea = createCrudArea<Dealer>({ name: 'claimsDealers', path: '/api/dealers/' });
export const ALL_DEALERS = { page_size: 500, ordering: 'name' };
