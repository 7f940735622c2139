// A list bound to the address bar (design §3 "Screens", refine's `syncWithLocation`): page, page
// size, ordering, search and filters live in the query string, so back, forward, reload and a
// shared link all show the same view. The rows come from the resource's CRUD area (server paging,
// sorting and filtering); the screen renders them as a table (ResourceList) or as it likes.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, type CrudArea, type CrudAreaState, type ListParams } from '@portal/shared';

export const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100];

export interface ResourceListOptions<T extends { id: number }> {
  area: CrudArea<T>;
  /** The API's ordering when the address names none, e.g. '-published_at'. */
  defaultOrdering?: string;
  pageSize?: number;
  /** The filters the screen offers, by their API names (`published`, `audience`, ...). */
  filters?: string[];
}

export interface ListView {
  page: number;
  pageSize: number;
  /** '' when the address names none (the API's default then applies). */
  ordering: string;
  search: string;
  filters: Record<string, string>;
}

export interface ResourceListResult<T> {
  view: ListView;
  /** What the API is asked for: the view without empty values. */
  query: ListParams;
  state: CrudAreaState<T>;
  setPage(page: number, pageSize?: number): void;
  setOrdering(ordering: string): void;
  setSearch(search: string): void;
  setFilter(name: string, value: string | null | undefined): void;
  /** Asks again with exactly the same view (ordering included). */
  retry(): void;
  pageSizeOptions: number[];
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function useResourceList<T extends { id: number }>(options: ResourceListOptions<T>): ResourceListResult<T> {
  const { area, defaultOrdering = '', pageSize: defaultPageSize = DEFAULT_PAGE_SIZE, filters: filterNames = [] } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  // The list's answer reaches the screen in a render of its own that React may pause (a deferred
  // value is rendered as a transition): a page of 50 rows or cards is then many short tasks, not one
  // long one during which a phone answers no tap (total blocking time, bench/lighthouse.ts). Until
  // that render is done, the screen shows what it had.
  const state = useDeferredValue(useAppSelector(area.selectArea));

  const filterKey = filterNames.join(',');
  const view: ListView = useMemo(() => ({
    page: positive(searchParams.get('page'), 1),
    pageSize: positive(searchParams.get('page_size'), defaultPageSize),
    ordering: searchParams.get('ordering') ?? '',
    search: searchParams.get('search') ?? '',
    filters: Object.fromEntries(filterKey.split(',').filter(Boolean).flatMap((name) => {
      const value = searchParams.get(name);
      return value ? [[name, value]] : [];
    })),
  }), [searchParams, defaultPageSize, filterKey]);

  const query: ListParams = useMemo(() => ({
    page: view.page,
    page_size: view.pageSize,
    ...(view.ordering || defaultOrdering ? { ordering: view.ordering || defaultOrdering } : {}),
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    ...view.filters,
  }), [view, defaultOrdering]);

  // The address as this list last set or saw it. React Router hands a functional update the search
  // params of the render it was made in; with navigations in a transition that render can be older
  // than the address (a filter chosen, then a search typed before the list drew the filter), and the
  // search would drop the filter. So each change starts from the latest address, and a new address
  // from outside (back, forward, a link) replaces it once the list renders with it.
  const latest = useRef(searchParams);
  const seen = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    latest.current = searchParams;
  }

  // Each change of the view is a new history entry (so back returns to the previous view); the
  // page goes back to 1 whenever what is listed changes. Values equal to the defaults stay out of
  // the address, so the plain list keeps its plain address.
  const change = useCallback((next: Record<string, string | number | null | undefined>, resetPage: boolean) => {
    const params = new URLSearchParams(latest.current);
    for (const [name, value] of Object.entries(next)) {
      if (value === null || value === undefined || value === '') params.delete(name);
      else params.set(name, String(value));
    }
    if (resetPage) params.delete('page');
    if (params.get('page') === '1') params.delete('page');
    if (params.get('page_size') === String(defaultPageSize)) params.delete('page_size');
    latest.current = params;
    setSearchParams(params);
  }, [setSearchParams, defaultPageSize]);

  // Answers are applied in the order the calls were made: one call at a time, and when the view
  // changed meanwhile, the latest view is asked for once the call in flight has settled. A slow
  // answer to an old search can then never overwrite the answer to the new one.
  const wanted = useRef({ generation: 0, params: query });
  const sent = useRef(-1);
  const busy = useRef(false);
  const mounted = useRef(true);
  const pump = useCallback(() => {
    if (!mounted.current || busy.current || sent.current === wanted.current.generation) return;
    const { generation, params } = wanted.current;
    busy.current = true;
    sent.current = generation;
    void Promise.resolve(dispatch(area.fetchList(params))).finally(() => {
      busy.current = false;
      pump();
    });
  }, [dispatch, area]);

  const queryKey = JSON.stringify(query);
  useEffect(() => {
    mounted.current = true;
    wanted.current = { generation: wanted.current.generation + 1, params: query };
    pump();
    // `queryKey` stands for `query`, whose identity changes with the address object.
  }, [queryKey, pump]);
  useEffect(() => () => { mounted.current = false; }, []);

  const retry = useCallback(() => {
    wanted.current = { generation: wanted.current.generation + 1, params: wanted.current.params };
    pump();
  }, [pump]);

  return {
    view,
    query,
    state,
    setPage: (page, pageSize) => change({ page, page_size: pageSize ?? view.pageSize }, pageSize !== undefined && pageSize !== view.pageSize),
    setOrdering: (ordering) => change({ ordering: ordering === defaultOrdering ? '' : ordering }, true),
    setSearch: (search) => { if (search.trim() !== view.search.trim()) change({ search: search.trim() }, true); },
    setFilter: (name, value) => change({ [name]: value ?? '' }, true),
    retry,
    pageSizeOptions: PAGE_SIZES.includes(defaultPageSize) ? PAGE_SIZES : [...PAGE_SIZES, defaultPageSize].sort((a, b) => a - b),
  };
}
