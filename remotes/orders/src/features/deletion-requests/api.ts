// What a cancellation request does besides being listed: staff decide it (design §4-5: approving
// cancels the order in the same transaction), and its document downloads through the one client.
import { apiClient, toFormData, type OrderDeletionRequest } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';
import { DELETION_REQUESTS_PATH } from './deletion-requests-slice';

export type Decision = 'approved' | 'rejected';

/**
 * Approves or rejects a pending request; resolves with the request as the server now has it. The
 * API takes the request whole (multipart, spec §7), so its reason goes back unchanged; the comment
 * (`status_comment`: an order has a `comment` of its own) is kept with the change in the request's
 * `history`, where the dealer reads it.
 */
export async function decideDeletionRequest(request: OrderDeletionRequest, decision: Decision, comment = ''): Promise<OrderDeletionRequest> {
  const form = toFormData({ order: request.order, reason: request.reason, status: decision, ...(comment.trim() ? { status_comment: comment.trim() } : {}) });
  const { data } = await apiClient.put<OrderDeletionRequest>(`${DELETION_REQUESTS_PATH}${request.id}/`, form);
  return data;
}

type RequestDocument = NonNullable<OrderDeletionRequest['document']>;

export function downloadRequestDocument(document: RequestDocument): Promise<string> {
  return downloadFile(document.url, {}, document.name);
}
