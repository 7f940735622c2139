// The cart's calls that are not plain CRUD: the settings a dealer may read (the minimum order total)
// and what is available of the cart's products now. Placing the order is the orders area's create
// (cart-screen.tsx).
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

/** What is available of a product now (across the warehouses) and the unit it is counted in. */
export interface Availability {
  available: number;
  unit: string;
}

/**
 * What is available of the cart's products, by product id, in one call (`/api/dp/?sku__in=`; a cart
 * holds at most an order's 200 lines). A product no longer sold is missing from the map.
 */
export async function fetchAvailability(skus: string[]): Promise<Map<number, Availability>> {
  if (!skus.length) return new Map();
  const { results } = await apiGet('/api/dp/', { query: { sku__in: skus.join(','), page_size: 500 } });
  return new Map(results.map((product) => [product.id, { available: product.available, unit: product.unit }]));
}
