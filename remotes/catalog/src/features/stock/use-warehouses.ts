// The warehouses in use, for the filter and the form. The API has no list of warehouses yet, so
// they are read off one page of store items (at most 500, ordered by warehouse).
import { useEffect, useState } from 'react';
import { apiClient, type Paginated, type StoreItem } from '@portal/shared';
import { STORE_ITEMS_PATH } from '../../components/catalog-paths';

export function useWarehouses(): string[] {
  const [warehouses, setWarehouses] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    apiClient.get<Paginated<StoreItem>>(STORE_ITEMS_PATH, { params: { page_size: 500, ordering: 'warehouse' } }).then(
      ({ data }) => { if (live) setWarehouses([...new Set(data.results.map((item) => item.warehouse))].sort((a, b) => a.localeCompare(b, 'ru'))); },
      // Without them the filter offers «все» only and the form takes any name: nothing to say.
      () => undefined,
    );
    return () => { live = false; };
  }, []);
  return warehouses;
}
