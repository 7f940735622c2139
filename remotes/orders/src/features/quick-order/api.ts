// Quick order's reads of the dealer's catalogue (`/api/dp/`: active products only, at the dealer's
// price): suggestions by search, and the products of the typed SKUs by `sku__in` (exact).
import { apiGet, type DealerProduct } from '@portal/shared';
import { skuKey } from './order-lines';

export const DEALER_PRODUCTS_PATH = '/api/dp/' as const;

/** Products whose SKU or name holds `term`, for the typeahead. */
export async function searchProducts(term: string, signal?: AbortSignal): Promise<DealerProduct[]> {
  // A newer search aborts this one.
  const data = await apiGet(DEALER_PRODUCTS_PATH, { query: { search: term, page_size: 10, ordering: 'sku' }, signal });
  return data.results;
}

/** How many searches run at once: a CSV of 200 lines typed in lower case must not stampede the API. */
const PARALLEL = 4;
/** The most SKUs one `sku__in` takes (the API's limit). */
const SKUS_PER_CALL = 500;

/** The products of `skus` by their exact SKU, in calls of up to 500 (`sku__in`). */
async function findExact(skus: string[]): Promise<DealerProduct[]> {
  const found: DealerProduct[] = [];
  for (let start = 0; start < skus.length; start += SKUS_PER_CALL) {
    const part = skus.slice(start, start + SKUS_PER_CALL);
    const { results } = await apiGet(DEALER_PRODUCTS_PATH, { query: { sku__in: part.join(','), page_size: SKUS_PER_CALL } });
    found.push(...results);
  }
  return found;
}

/** The one product whose SKU differs from `sku` only in case (what a person may type), else null. */
async function findAlike(sku: string): Promise<DealerProduct | null> {
  const { results } = await apiGet(DEALER_PRODUCTS_PATH, { query: { search: sku, page_size: 100, ordering: 'sku' } });
  const alike = results.filter((product) => skuKey(product.sku) === skuKey(sku));
  return alike.length === 1 ? alike[0] : null;
}

/**
 * The products of `skus` by skuKey; a SKU that is unknown or no longer sold is missing from the map.
 * Exact SKUs come in one call; only those not found so are searched for, case aside.
 */
export async function findProductsBySku(skus: string[]): Promise<Map<string, DealerProduct>> {
  // A comma is no SKU's (the API's pattern), and would split the list: such a SKU is simply unknown.
  const wanted = [...new Map(skus.map((sku) => sku.trim()).filter((sku) => sku !== '' && !sku.includes(',')).map((sku) => [skuKey(sku), sku])).values()];
  const found = new Map<string, DealerProduct>();
  const exact = await findExact(wanted);
  for (const product of exact) found.set(skuKey(product.sku), product);
  const rest = wanted.filter((sku) => !exact.some((product) => product.sku === sku));
  let next = 0;
  const worker = async () => {
    while (next < rest.length) {
      const sku = rest[next];
      next += 1;
      const product = await findAlike(sku);
      if (product) found.set(skuKey(sku), product);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, rest.length) }, worker));
  return found;
}
