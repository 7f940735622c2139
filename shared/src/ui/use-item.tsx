// Reads for a screen: `useItem`, one item of an area (show and edit screens), and `useApiGet`, a GET
// through the one client for what is not an area's item (a lookup, the comments of a claim). Both
// tell apart: loading, not found (404: not there, or not the caller's, design §4) and any
// other failure, which a retry asks again. An answer that comes after the screen moved on (another
// id, another filter, unmounted) is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAxiosError } from 'axios';
import { apiClient, errorMessage, useAppDispatch, useAppSelector, type CrudArea } from '@portal/shared';

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

/**
 * One item of an area for a show or edit screen, read through the area (its `current`, its flags of
 * spec §4), so an update anywhere on the page shows here at once; no call while `id` is undefined.
 */
export function useItem<T extends { id: number }>(area: CrudArea<T>, id: number | string | undefined): ItemResult<T> {
  const dispatch = useAppDispatch();
  const { current } = useAppSelector(area.selectArea);
  const [status, setStatus] = useState<ItemStatus>(id === undefined ? 'ready' : 'loading');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // A reload of the item on screen (after one of its actions) keeps it shown until the answer comes.
  const keepShown = useRef(false);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    if (!keepShown.current) setStatus('loading');
    keepShown.current = false;
    setError(null);
    void dispatch(area.fetchOne(id)).then((result) => {
      if (!live) return;
      if (result.meta.requestStatus === 'fulfilled') {
        setStatus('ready');
        return;
      }
      const failed = result.meta as { status?: number };
      setStatus(failed.status === 404 ? 'notFound' : 'error');
      setError(failed.status === 404 ? null : String(result.payload ?? ''));
    });
    return () => { live = false; };
  }, [dispatch, area, id, attempt]);

  const reload = useCallback(() => {
    keepShown.current = status === 'ready';
    setAttempt((n) => n + 1);
  }, [status]);
  // The area's current item is this screen's only once it is the one asked for.
  const item = current && id !== undefined && String(current.id) === String(id) && status === 'ready' ? current : null;
  return { item, status, error, reload };
}
