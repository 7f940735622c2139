// The one way a form or a filter reads what it offers (every dealer, every dealer group): a GET of
// a list path through the one client, 500 rows ordered by name unless told otherwise, kept a minute
// for every screen of the page (choices-cache), and forgotten when that path's area saves.
import { useCallback, useEffect, useState } from 'react';
import {
  apiClient, cachedChoices, errorMessage, forgetChoices, selectCurrentUser, useAppSelector,
  type ApiItem, type ApiListPath, type ListParams, type Paginated,
} from '@portal/shared';

/** Every row a choice may need: the API's largest page (design §6). */
export const ALL_CHOICES: ListParams = { page_size: 500, ordering: 'name' };

export interface Choices<T> {
  items: T[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
  /** Asks the API again, past the kept answer. */
  reload(): void;
  /** The name of the row with this id (`#id` until it is known, null for none). */
  nameOf(id: number | null | undefined): string | null;
}

export function useChoices<P extends ApiListPath, T extends { id: number; name?: string } = Extract<ApiItem<P>, { id: number }>>(
  path: P | undefined,
  params: ListParams = ALL_CHOICES,
): Choices<T> {
  const who = String(useAppSelector(selectCurrentUser)?.id ?? '');
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(path !== undefined);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // By value: a caller's params object is new on every render.
  const query = JSON.stringify(params);

  useEffect(() => {
    if (path === undefined) return;
    let live = true;
    setLoading(true);
    setError(null);
    const asked = JSON.parse(query) as ListParams;
    cachedChoices(path, asked, who, () => apiClient.get<Paginated<T> | T[]>(path, { params: asked }).then(({ data }) => data)).then(
      (data) => {
        if (!live) return;
        setItems(Array.isArray(data) ? data : data.results);
        setLoaded(true);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setError(errorMessage(err));
        setLoading(false);
      },
    );
    return () => { live = false; };
  }, [path, query, who, attempt]);

  const reload = useCallback(() => {
    if (path !== undefined) forgetChoices(path);
    setAttempt((n) => n + 1);
  }, [path]);
  const nameOf = (id: number | null | undefined) =>
    (id === null || id === undefined ? null : items.find((item) => item.id === id)?.name ?? `#${id}`);
  return { items, loading, loaded, error, reload, nameOf };
}
