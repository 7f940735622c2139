// The warehouses in use, for the filter and the form. The API has no list of warehouses yet, so
// they are read off one page of store items (at most 500, ordered by warehouse), as choices.
import { useMemo } from 'react';
import { useChoices } from '@portal/shared/ui/use-choices';
import { STORE_ITEMS_PATH } from '../../components/catalog-paths';

export function useWarehouses(): string[] {
  // Without them the filter offers «все» only and the form takes any name: nothing to say.
  const { items } = useChoices(STORE_ITEMS_PATH, { page_size: 500, ordering: 'warehouse' });
  return useMemo(() => [...new Set(items.map((item) => item.warehouse))].sort((a, b) => a.localeCompare(b, 'ru')), [items]);
}
