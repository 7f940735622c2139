import { createCrudArea } from '@portal/shared';

/** The claims' API path; here, not in ./api, so that the slice (loaded when the remote starts)
 * does not bring the upload code to every admin screen. */
export const CLAIMS_PATH = '/api/claims/' as const;

/** A dealer's own claims, every claim for staff (the API narrows a dealer's rows, design §4). */
export const claimsArea = createCrudArea({ name: 'claims', path: CLAIMS_PATH });
