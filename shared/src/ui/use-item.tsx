// One item of a resource for a show or edit screen (GET <path><id>/ through the one client), with
// what the show frame needs to tell apart: loading, not found (404: not there, or not the caller's,
// design §4) and any other failure, which a retry asks again.
import { useCallback, useEffect, useState } from 'react';
import { isAxiosError } from 'axios';
import { apiClient, errorMessage } from '@portal/shared';

export type ItemStatus = 'loading' | 'ready' | 'notFound' | 'error';

export interface ItemResult<T> {
  item: T | null;
  status: ItemStatus;
  error: string | null;
  reload(): void;
}

/** `path` is the list path with its trailing slash ('/api/news/'); no call while `id` is undefined. */
export function useItem<T>(path: string, id: number | string | undefined): ItemResult<T> {
  const [item, setItem] = useState<T | null>(null);
  const [status, setStatus] = useState<ItemStatus>(id === undefined ? 'ready' : 'loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setStatus('loading');
    setError(null);
    apiClient.get<T>(`${path}${id}/`).then(
      ({ data }) => { if (live) { setItem(data); setStatus('ready'); } },
      (err: unknown) => {
        if (!live) return;
        if (isAxiosError(err) && err.response?.status === 404) setStatus('notFound');
        else { setStatus('error'); setError(errorMessage(err)); }
      },
    );
    return () => { live = false; };
  }, [path, id, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { item, status, error, reload };
}
