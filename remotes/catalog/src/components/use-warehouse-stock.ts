// A product's stock per warehouse (GET /api/storeitems/?product=<id>), for the catalogue's expanded
// row, the product page and the calculator's result. A product sits in a few warehouses, so one
// page holds them all.
import { type Paginated, type StoreItem } from '@portal/shared';
import { useApiGet } from '@portal/shared/ui/use-item';
import { STORE_ITEMS_PATH } from './catalog-paths';

export interface WarehouseStock {
  items: StoreItem[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  reload(): void;
}

export function useWarehouseStock(productId: number | undefined): WarehouseStock {
  const answer = useApiGet<Paginated<StoreItem>>(productId === undefined ? undefined : STORE_ITEMS_PATH,
    { product: productId ?? 0, page_size: 100, ordering: 'warehouse' });
  // Until the product is known the table waits as if loading.
  const status = productId === undefined ? 'loading' : answer.status === 'notFound' ? 'error' : answer.status;
  return { items: answer.data?.results ?? [], status, error: answer.error, reload: answer.reload };
}
