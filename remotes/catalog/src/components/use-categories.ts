// The product categories, for the filters, the calculator's first step and the product form:
// GET /api/dp/categories/ for a dealer (those of the products it can buy) and
// GET /api/products/categories/ for staff (withdrawn products' too), by name.
import { useEffect, useState } from 'react';
import { apiClient, errorMessage, selectIsStaff, useAppSelector, type ProductCategory } from '@portal/shared';
import { DEALER_PRODUCTS_PATH, PRODUCTS_PATH } from './catalog-paths';

export interface Categories {
  categories: string[];
  loading: boolean;
  error: string | null;
  reload(): void;
}

export function useCategories(): Categories {
  const isStaff = useAppSelector(selectIsStaff);
  const [categories, setCategories] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    apiClient.get<ProductCategory[]>(`${isStaff ? PRODUCTS_PATH : DEALER_PRODUCTS_PATH}categories/`).then(
      ({ data }) => { if (live) { setCategories(Array.isArray(data) ? data.map((category) => category.name) : []); setLoading(false); } },
      (err: unknown) => { if (live) { setError(errorMessage(err)); setLoading(false); } },
    );
    return () => { live = false; };
  }, [isStaff, attempt]);

  return { categories, loading, error, reload: () => setAttempt((n) => n + 1) };
}
