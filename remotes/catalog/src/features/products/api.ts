// Withdrawing a product from sale and putting it back: a change of `is_active`, not an edit of the
// product. The API takes the whole product on PUT, so it is sent as it is with only that changed.
import { apiClient, type Product } from '@portal/shared';
import { PRODUCTS_PATH } from '../../components/catalog-paths';

export async function setActive(product: Product, isActive: boolean): Promise<Product> {
  const { sku, name, description, category, unit, price } = product;
  const { data } = await apiClient.put<Product>(`${PRODUCTS_PATH}${product.id}/`, { sku, name, description, category, unit, price, is_active: isActive });
  return data;
}

/** Whether another product already has this SKU (the API answers a taken SKU without naming the field). */
export async function skuTaken(sku: string, exceptId?: number): Promise<boolean> {
  const { data } = await apiClient.get<{ results: Product[] }>(PRODUCTS_PATH, { params: { search: sku, page_size: 50 } });
  const wanted = sku.trim();
  return data.results.some((p) => p.sku === wanted && p.id !== exceptId);
}
