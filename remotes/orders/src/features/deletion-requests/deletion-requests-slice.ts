import { createCrudArea } from '@portal/shared';

export const DELETION_REQUESTS_PATH = '/api/orderdelreq/' as const;

/**
 * Every cancellation request the user may see (a dealer its own, design §4), and where a dealer's
 * new request is saved (the order page's «Запросить отмену»: JSON, or multipart with a document).
 * Named apart from the order page's requests, so the two screens never overwrite each other's rows.
 */
export const deletionRequestListArea = createCrudArea({ name: 'deletionRequestList', path: DELETION_REQUESTS_PATH });

/**
 * The staff's queue, a list of its own: its view (page, search) lives in the address like any
 * list's, while its status is fixed, so «все» of a status filter can still mean all requests.
 */
export const pendingRequestsArea = createCrudArea({ name: 'pendingDeletionRequests', path: DELETION_REQUESTS_PATH, params: { status: 'pending' } });
