// What a cancellation request does besides being listed and created: staff decide it (design §4-5:
// approving cancels the order in the same transaction), the order page reads the requests of one
// order, and its document downloads through the one client.
import { apiGet, apiPut, toFormData, type OrderDeletionRequest } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';

export type Decision = 'approved' | 'rejected';

/**
 * Approves or rejects a pending request; resolves with the request as the server now has it. The
 * API takes the request whole (multipart, spec §7), so its reason goes back unchanged; the comment
 * (`status_comment`: an order has a `comment` of its own) is kept with the change in the request's
 * `history`, where the dealer reads it.
 */
export function decideDeletionRequest(request: OrderDeletionRequest, decision: Decision, comment = ''): Promise<OrderDeletionRequest> {
  const form = toFormData({ order: request.order, reason: request.reason, status: decision, ...(comment.trim() ? { status_comment: comment.trim() } : {}) });
  return apiPut('/api/orderdelreq/{id}/', form, { path: { id: request.id } });
}

/** The cancellation requests of one order, every one (an order has a handful), oldest first. */
export async function fetchOrderDeletionRequests(order: number): Promise<OrderDeletionRequest[]> {
  const { results } = await apiGet('/api/orderdelreq/', { query: { order, page_size: 500, ordering: 'created_at' } });
  return results;
}

type RequestDocument = NonNullable<OrderDeletionRequest['document']>;

export function downloadRequestDocument(document: RequestDocument): Promise<string> {
  return downloadFile(document.url, {}, document.name);
}
