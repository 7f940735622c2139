// A product's call that is not plain CRUD: whether a SKU is taken, asked before saving because the
// API's answer to a taken SKU (409) names no field.
import { apiGet } from '@portal/shared';
import { PRODUCTS_PATH } from '../../components/catalog-paths';

/** Whether another product already has this SKU. */
export async function skuTaken(sku: string, exceptId?: number): Promise<boolean> {
  const data = await apiGet(PRODUCTS_PATH, { query: { search: sku, page_size: 50 } });
  const wanted = sku.trim();
  return data.results.some((p) => p.sku === wanted && p.id !== exceptId);
}
