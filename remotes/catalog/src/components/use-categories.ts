// The product categories, for the filters, the calculator's first step and the product form.
// The API has no list of categories yet, so they are read off one page of products (at most 500,
// ordered by category): enough for the catalogue as it is (200 products in 8 categories).
import { useEffect, useState } from 'react';
import { apiClient, errorMessage, selectIsStaff, useAppSelector, type Paginated } from '@portal/shared';

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
    // Staff see inactive products' categories too; a dealer only those it can buy from.
    apiClient.get<Paginated<{ category: string }>>(isStaff ? '/api/products/' : '/api/dp/', { params: { page_size: 500, ordering: 'category' } }).then(
      ({ data }) => {
        if (!live) return;
        setCategories([...new Set(data.results.map((p) => p.category))].sort((a, b) => a.localeCompare(b, 'ru')));
        setLoading(false);
      },
      (err: unknown) => { if (live) { setError(errorMessage(err)); setLoading(false); } },
    );
    return () => { live = false; };
  }, [isStaff, attempt]);

  return { categories, loading, error, reload: () => setAttempt((n) => n + 1) };
}
