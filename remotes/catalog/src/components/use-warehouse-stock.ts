// A product's stock per warehouse (GET /api/storeitems/?product=<id>), for the catalogue's expanded
// row, the product page and the calculator's result. A product sits in a few warehouses, so one
// page holds them all.
import { useCallback, useEffect, useState } from 'react';
import { apiClient, errorMessage, type Paginated, type StoreItem } from '@portal/shared';
import { STORE_ITEMS_PATH } from './catalog-paths';

export interface WarehouseStock {
  items: StoreItem[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  reload(): void;
}

export function useWarehouseStock(productId: number | undefined): WarehouseStock {
  const [items, setItems] = useState<StoreItem[]>([]);
  const [status, setStatus] = useState<WarehouseStock['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (productId === undefined) return;
    let live = true;
    setStatus('loading');
    setError(null);
    apiClient.get<Paginated<StoreItem>>(STORE_ITEMS_PATH, { params: { product: productId, page_size: 100, ordering: 'warehouse' } }).then(
      ({ data }) => { if (live) { setItems(data.results); setStatus('ready'); } },
      (err: unknown) => { if (live) { setError(errorMessage(err)); setStatus('error'); } },
    );
    return () => { live = false; };
  }, [productId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { items, status, error, reload };
}
