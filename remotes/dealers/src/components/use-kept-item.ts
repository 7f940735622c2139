// An item of an area for a page whose actions change it (a dealer's state, a request's decision):
// read again after the change, the item stays on screen (no skeleton flash) until the answer comes.
import { useEffect, useState } from 'react';
import type { CrudArea } from '@portal/shared';
import { useItem, type ItemResult } from '@portal/shared/ui/use-item';

export function useKeptItem<T extends { id: number }>(area: CrudArea<T>, id: string | undefined): ItemResult<T> {
  const result = useItem(area, id);
  const [kept, setKept] = useState<T | null>(null);
  useEffect(() => { if (result.item) setKept(result.item); }, [result.item]);
  const shown = result.item ?? (result.status === 'loading' && kept && String(kept.id) === id ? kept : null);
  return { ...result, item: shown, status: result.status === 'loading' && shown ? 'ready' : result.status };
}
