// The cart's calls that are not plain CRUD: the settings a dealer may read (the minimum order total)
// and placing the order, as JSON or, with a document attached, as multipart with upload progress.
import { apiGet, apiPost, errorStatus, type ApiRequestBody, type Order } from '@portal/shared';
import { postFile } from '@portal/shared/ui/file-upload';
import { ORDERS_PATH } from '../orders/orders-slice';

/** What the cart needs of GET /api/settings/ (design §6). */
export interface OrderSettings {
  /** The least an order may total, a decimal string; null when there is no minimum. */
  minOrderTotal: string | null;
}

/**
 * The minimum order total, or null when the server does not tell it (an API older than
 * /api/settings/ answers 404): the cart then goes without the hint, and the server still checks the
 * minimum when the order is placed. Other failures are thrown, for the screen to say so.
 */
export async function fetchOrderSettings(): Promise<OrderSettings | null> {
  try {
    const settings: { min_order_total?: unknown } | null = await apiGet('/api/settings/');
    const value = settings?.min_order_total;
    // An administrator's text: empty means no minimum.
    return { minOrderTotal: typeof value === 'string' && value.trim() !== '' ? value : null };
  } catch (err) {
    if (errorStatus(err) === 404) return null;
    throw err;
  }
}

/** A new order as the API takes it: its lines (product and quantity) and its comment. */
export type NewOrder = ApiRequestBody<typeof ORDERS_PATH, 'post'>;

/**
 * POST /api/orders/: the lines as product and quantity only (the server prices them); with a
 * document, as multipart with the upload's progress.
 */
export async function placeOrder({ items, comment }: NewOrder, document: File | null, onProgress: (percent: number) => void): Promise<Order> {
  const lines = items.map(({ product, quantity }) => ({ product, quantity }));
  const text = (comment ?? '').trim();
  if (document) {
    // A multipart form's fields are text: the API reads `items` back from JSON.
    return postFile<Order>(ORDERS_PATH, document, { items: JSON.stringify(lines), comment: text }, onProgress, 'document');
  }
  return apiPost(ORDERS_PATH, { items: lines, ...(text ? { comment: text } : {}) });
}
