// The order page's calls that are not plain CRUD: a status change (the API takes the whole order on
// PUT, as multipart form-data (spec §7), so its lines and comment go back as they are, with only the
// status changed), the documents,
// and the dealer's current price of each product for «Повторить заказ».
import { apiGet, apiPut, errorStatus, toFormData, type AttachedFile, type DealerProduct, type Order, type OrderStatus } from '@portal/shared';
import { downloadFile } from '@portal/shared/ui/download-file';

/** The body field that carries the optional comment of a status change into the item's history. */
export const STATUS_COMMENT_FIELD = 'status_comment';

/** The lines as the API takes them: product and quantity (prices are the server's). */
export function lineBodies(lines: Array<{ product: number; quantity: number }>) {
  return lines.map(({ product, quantity }) => ({ product, quantity }));
}

/** Moves the order one step (design §5); a refusal (409: not enough stock, say) rejects with the server's message. */
export function changeOrderStatus(order: Order, status: OrderStatus, comment = ''): Promise<Order> {
  const body = toFormData({
    items: lineBodies(order.items), comment: order.comment, status,
    ...(comment.trim() ? { [STATUS_COMMENT_FIELD]: comment.trim() } : {}),
  });
  return apiPut('/api/orders/{id}/', body, { path: { id: order.id } });
}

/** Downloads a document of the order, a shipment or a request under the name the page shows. */
export function downloadDocument(document: AttachedFile): Promise<string> {
  return downloadFile(document.url, {}, document.name, { keepName: true });
}

/** The product as the dealer may buy it today; null when it is no longer sold (gone, 404, or inactive). */
export async function currentProduct(product: number): Promise<DealerProduct | null> {
  try {
    const found = await apiGet('/api/dp/{id}/', { path: { id: product } });
    return found.is_active ? found : null;
  } catch (err) {
    if (errorStatus(err) === 404) return null;
    throw err;
  }
}
