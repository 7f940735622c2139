// The one list helper (design §6): search, ordering and paging done in SQL, answered as
// {count, next, previous, results}. An area names the fields it may be ordered by and searched in.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { containsText } from '../db/dialect';
import { ApiError } from './api-error';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export interface ListParams {
  page?: number;
  page_size?: number;
  ordering?: string;
  search?: string;
}

export interface ListOptions {
  /** API field name → column, e.g. { published_at: 'newsletters.published_at' }. */
  orderable: Record<string, string>;
  /** Used when the query names no ordering, e.g. '-published_at'. */
  defaultOrdering: string;
  /** The unique column that breaks ties, so that pages never overlap. */
  idColumn: string;
  /** Columns `search` looks in (case-insensitive, contains). */
  searchable?: readonly string[];
  /** Ordering columns that may hold null; they sort last on both databases. */
  nullable?: readonly string[];
}

export interface Page<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, 'http://portal.local');
  url.searchParams.set('page', String(page));
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/**
 * The rows a list shows, in its order: narrowed by `search`, ordered by `ordering` (the default
 * when none) and then by the id, so that pages never overlap. Also what the CSV export reads.
 */
export function searchedAndOrdered<DB, TB extends keyof DB, Row>(
  request: FastifyRequest,
  query: SelectQueryBuilder<DB, TB, Row>,
  params: ListParams,
  options: ListOptions,
): { searched: SelectQueryBuilder<DB, TB, Row>; ordered: SelectQueryBuilder<DB, TB, Row> } {
  let searched = query;
  const term = params.search?.trim();
  const searchable = options.searchable ?? [];
  if (term && searchable.length) {
    const dialect = request.server.dialect;
    searched = searched.where((eb) => eb.or(searchable.map((column) => containsText(dialect, sql.ref(column), term))));
  }

  const ordering: Array<[string, 'asc' | 'desc']> = [];
  for (const field of (params.ordering || options.defaultOrdering).split(',')) {
    const name = field.replace(/^-/, '');
    // Own keys only: `constructor` or `__proto__` must not find Object.prototype's members.
    const column = Object.hasOwn(options.orderable, name) ? options.orderable[name] : undefined;
    if (!column) {
      throw new ApiError(400, 'invalid', { ordering: ['field_ordering'] });
    }
    ordering.push([column, field.startsWith('-') ? 'desc' : 'asc']);
  }
  if (!ordering.some(([column]) => column === options.idColumn)) ordering.push([options.idColumn, ordering[0]?.[1] ?? 'asc']);

  let ordered = searched;
  // Rows without a value sort last either way, the same on SQLite and PostgreSQL. Only where a
  // column may hold null: NULLS LAST on a column that cannot keeps PostgreSQL from its index.
  const nullable = new Set(options.nullable ?? []);
  for (const [column, direction] of ordering) {
    ordered = ordered.orderBy(sql.ref(column), (ob) => {
      const sorted = direction === 'desc' ? ob.desc() : ob.asc();
      return nullable.has(column) ? sorted.nullsLast() : sorted;
    });
  }
  return { searched, ordered };
}

/** How many rows a list's query gives: its searched and filtered query, before ordering and paging. */
export async function countRows<DB, TB extends keyof DB, Row>(searched: SelectQueryBuilder<DB, TB, Row>): Promise<number> {
  const counted = await searched.clearSelect()
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow() as { count: number | string | bigint };
  return Number(counted.count);
}

/** The page `params` asks for of an ordered list of `count` rows, with the links to its neighbours. */
export async function pageOf<DB, TB extends keyof DB, Row>(
  request: FastifyRequest,
  ordered: SelectQueryBuilder<DB, TB, Row>,
  params: ListParams,
  count: number,
): Promise<Page<Row>> {
  const page = params.page ?? 1;
  const pageSize = params.page_size ?? DEFAULT_PAGE_SIZE;
  const results = await ordered.limit(pageSize).offset((page - 1) * pageSize).execute();
  return {
    count,
    next: page * pageSize < count ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
    results,
  };
}

/**
 * A page's JSON from its items' JSON: every part a whole JSON value, in the order of the page's
 * schema (schemas/common.ts), so the same text as serializing the page with its items.
 */
export function pageJson(page: Omit<Page<unknown>, 'results'>, items: readonly string[]): string {
  return `{"count":${JSON.stringify(page.count)},"next":${JSON.stringify(page.next)},"previous":${JSON.stringify(page.previous)},"results":[${items.join(',')}]}`;
}
