// The product categories, for the filters, the calculator's first step and the product form:
// GET /api/dp/categories/ for a dealer (those of the products it can buy) and
// GET /api/products/categories/ for staff (withdrawn products' too), by name.
import { selectIsStaff, useAppSelector, type ProductCategory } from '@portal/shared';
import { useApiGet } from '@portal/shared/ui/use-item';
import { DEALER_PRODUCTS_PATH, PRODUCTS_PATH } from './catalog-paths';

export interface Categories {
  categories: string[];
  loading: boolean;
  error: string | null;
  reload(): void;
}

export function useCategories(): Categories {
  const isStaff = useAppSelector(selectIsStaff);
  const { data, status, error, reload } = useApiGet<ProductCategory[]>(`${isStaff ? PRODUCTS_PATH : DEALER_PRODUCTS_PATH}categories/`);
  return {
    categories: Array.isArray(data) ? data.map((category) => category.name) : [],
    loading: status === 'loading',
    error: status === 'error' || status === 'notFound' ? error : null,
    reload,
  };
}
