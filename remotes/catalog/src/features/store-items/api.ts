// A store item's read that is not plain CRUD: the products matching what is typed in the form's
// product picker (the first 20, by SKU).
import { apiGet } from '@portal/shared';
import { PRODUCTS_PATH } from '../../components/catalog-paths';

export async function searchProducts(term: string) {
  const data = await apiGet(PRODUCTS_PATH, { query: { search: term.trim() || undefined, page_size: 20, ordering: 'sku' } });
  return data.results;
}
