// The cart's calls that are not plain CRUD: the settings a dealer may read (the minimum order total)
// and placing the order, as JSON or, with a document attached, as multipart with upload progress.
import { apiClient, type CartItem, type Order, type Settings } from '@portal/shared';
import { postFile } from '@portal/shared/ui/file-upload';

export const SETTINGS_PATH = '/api/settings/';
export const ORDERS_PATH = '/api/orders/';

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
    const { data } = await apiClient.get<Partial<Settings> | null>(SETTINGS_PATH);
    const value = data?.min_order_total;
    // An administrator's text: empty means no minimum.
    return { minOrderTotal: typeof value === 'string' && value.trim() !== '' ? value : null };
  } catch (err) {
    if (statusOf(err) === 404) return null;
    throw err;
  }
}

/** The HTTP status of a failed call through the client (an axios error), if it got an answer. */
export function statusOf(err: unknown): number | undefined {
  const response = typeof err === 'object' && err !== null ? (err as { response?: { status?: unknown } }).response : undefined;
  return typeof response?.status === 'number' ? response.status : undefined;
}

export interface Checkout {
  items: CartItem[];
  comment: string;
  document: File | null;
}

/** POST /api/orders/: the lines as product and quantity only (the server prices them). */
export async function placeOrder({ items, comment, document }: Checkout, onProgress: (percent: number) => void): Promise<Order> {
  const lines = items.map(({ product, quantity }) => ({ product, quantity }));
  const text = comment.trim();
  if (document) {
    // A multipart form's fields are text: the API reads `items` back from JSON.
    return postFile<Order>(ORDERS_PATH, document, { items: JSON.stringify(lines), comment: text }, onProgress, 'document');
  }
  const { data } = await apiClient.post<Order>(ORDERS_PATH, { items: lines, ...(text ? { comment: text } : {}) });
  return data;
}
