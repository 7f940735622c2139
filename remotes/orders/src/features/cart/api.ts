// The cart's call that is not plain CRUD: the settings a dealer may read (the minimum order total).
// Placing the order is the orders area's create (cart-screen.tsx).
import { apiGet, errorStatus } from '@portal/shared';

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
