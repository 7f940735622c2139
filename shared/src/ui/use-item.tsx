// A GET through the one client for a screen (an item, a small list, a lookup), with what a screen
// needs to tell apart: loading, not found (404: not there, or not the caller's, design §4) and any
// other failure, which a retry asks again. An answer that comes after the screen moved on (another
// id, another filter, unmounted) is dropped.
import { useCallback, useEffect, useState } from 'react';
import { isAxiosError } from 'axios';
import { apiClient, errorMessage } from '@portal/shared';

export type ItemStatus = 'loading' | 'ready' | 'notFound' | 'error';

export interface ApiGetResult<T> {
  data: T | null;
  status: ItemStatus;
  error: string | null;
  reload(): void;
}

export type ApiGetParams = Record<string, string | number | boolean>;

/** GET `path` with `params`; no call while `path` is undefined. */
export function useApiGet<T>(path: string | undefined, params?: ApiGetParams): ApiGetResult<T> {
  const [data, setData] = useState<T | null>(null);
  const [status, setStatus] = useState<ItemStatus>(path === undefined ? 'ready' : 'loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // By value: a caller's params object is new on every render.
  const query = JSON.stringify(params ?? {});

  useEffect(() => {
    if (path === undefined) return;
    let live = true;
    setStatus('loading');
    setError(null);
    apiClient.get<T>(path, { params: JSON.parse(query) as ApiGetParams }).then(
      ({ data: answer }) => { if (live) { setData(answer); setStatus('ready'); } },
      (err: unknown) => {
        if (!live) return;
        setError(errorMessage(err));
        setStatus(isAxiosError(err) && err.response?.status === 404 ? 'notFound' : 'error');
      },
    );
    return () => { live = false; };
  }, [path, query, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, status, error, reload };
}

export interface ItemResult<T> {
  item: T | null;
  status: ItemStatus;
  error: string | null;
  reload(): void;
}

/** One item for a show or edit screen: `path` is the list path with its trailing slash ('/api/news/'); no call while `id` is undefined. */
export function useItem<T>(path: string, id: number | string | undefined): ItemResult<T> {
  const { data, status, error, reload } = useApiGet<T>(id === undefined ? undefined : `${path}${id}/`);
  return { item: data, status, error: status === 'notFound' ? null : error, reload };
}
