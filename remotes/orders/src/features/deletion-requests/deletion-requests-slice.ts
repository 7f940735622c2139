import { createCrudArea, type OrderDeletionRequest } from '@portal/shared';

export const DELETION_REQUESTS_PATH = '/api/orderdelreq/';
/** The staff's queue: the requests still waiting for a decision. */
export const PENDING_REQUESTS_PATH = `${DELETION_REQUESTS_PATH}?status=pending`;

/**
 * Every cancellation request the user may see (a dealer its own, design §4). Named apart from the
 * order page's requests, so the two screens never overwrite each other's rows in the store.
 */
export const deletionRequestListArea = createCrudArea<OrderDeletionRequest>({ name: 'deletionRequestList', path: DELETION_REQUESTS_PATH, multipart: true });

/**
 * The staff's queue, a list of its own: its view (page, search) lives in the address like any
 * list's, while its status is fixed, so «все» of a status filter can still mean all requests.
 */
export const pendingRequestsArea = createCrudArea<OrderDeletionRequest>({ name: 'pendingDeletionRequests', path: PENDING_REQUESTS_PATH, multipart: true });
