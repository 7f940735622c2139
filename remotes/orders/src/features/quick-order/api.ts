// Quick order's reads of the dealer's catalogue (`/api/dp/`: active products only, at the dealer's
// price). The API has no exact `sku` filter yet, so a SKU is looked up by search (which also
// matches names and descriptions, case-insensitively) and the answer compared exactly.
import { apiClient, type DealerProduct, type Paginated } from '@portal/shared';
import { skuKey } from './order-lines';

export const DEALER_PRODUCTS_PATH = '/api/dp/';

/** Products whose SKU or name holds `term`, for the typeahead. */
export async function searchProducts(term: string, signal?: AbortSignal): Promise<DealerProduct[]> {
  const { data } = await apiClient.get<Paginated<DealerProduct>>(DEALER_PRODUCTS_PATH, { params: { search: term, page_size: 10, ordering: 'sku' }, signal });
  return data.results;
}

/** How many lookups run at once: a CSV of 200 lines must not stampede the API. */
const PARALLEL = 4;

/** The product of one SKU: an exact match first, else the one that differs only in case; null if none is sold. */
async function findOne(sku: string): Promise<DealerProduct | null> {
  const { data } = await apiClient.get<Paginated<DealerProduct>>(DEALER_PRODUCTS_PATH, { params: { search: sku.trim(), page_size: 100, ordering: 'sku' } });
  const exact = data.results.find((product) => product.sku === sku.trim());
  if (exact) return exact;
  const alike = data.results.filter((product) => skuKey(product.sku) === skuKey(sku));
  return alike.length === 1 ? alike[0] : null;
}

/** The products of `skus` by skuKey; a SKU that is unknown or no longer sold is missing from the map. */
export async function findProductsBySku(skus: string[]): Promise<Map<string, DealerProduct>> {
  const wanted = [...new Map(skus.filter((sku) => sku.trim() !== '').map((sku) => [skuKey(sku), sku])).entries()];
  const found = new Map<string, DealerProduct>();
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const [key, sku] = wanted[next];
      next += 1;
      const product = await findOne(sku);
      if (product) found.set(key, product);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, wanted.length) }, worker));
  return found;
}
