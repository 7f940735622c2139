// A light pager for lists that page through the address: previous, the page numbers (the first, the
// last and two either side of the current one, «…» between), next. Plain buttons in static CSS
// (pager.css) that reads the theme's variables, so a screen that needs no page-size changer does not load antd's Pagination and,
// with it, Select (about 30 KB gzip; design §8). Each button is named for assistive technology
// («Страница 3», «Следующая страница»), the current page is marked aria-current, and every button is
// reached with Tab and pressed with Enter or Space.
import type { CSSProperties } from 'react';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { useUiTranslation } from './translations';
import './plain-field.css';
import './pager.css';

export interface PagerProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** How many items there are in all. */
  total: number;
  onChange(page: number): void;
  style?: CSSProperties;
}

/** Pages either side of the current one that are always shown. */
const AROUND = 2;

/** The pages to show, in order, with `null` where pages are left out. */
export function pagesToShow(page: number, pages: number): (number | null)[] {
  if (pages <= 3 + AROUND * 2) return Array.from({ length: pages }, (_, i) => i + 1);
  // Near either end the window keeps its width, so the row does not shrink there.
  const from = Math.max(2, Math.min(page - AROUND, pages - AROUND * 2));
  const to = Math.min(pages - 1, Math.max(page + AROUND, 1 + AROUND * 2));
  const shown: (number | null)[] = [1];
  // A gap of one page shows that page: «…» stands for two pages or more.
  if (from === 3) shown.push(2);
  else if (from > 3) shown.push(null);
  for (let p = from; p <= to; p += 1) shown.push(p);
  if (to === pages - 2) shown.push(pages - 1);
  else if (to < pages - 2) shown.push(null);
  shown.push(pages);
  return shown;
}

export function Pager({ page, pageSize, total, onChange, style }: PagerProps) {
  const { t } = useUiTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);

  const go = (next: number) => { if (next !== current && next >= 1 && next <= pages) onChange(next); };

  return (
    <nav aria-label={t('pager.label')} className="portal-pager" style={style}>
      <ul className="portal-pager-pages">
        <li>
          <button type="button" className="portal-pager-button" aria-label={t('pager.previous')} disabled={current === 1} onClick={() => go(current - 1)}>
            <LeftOutlined aria-hidden />
          </button>
        </li>
        {pagesToShow(current, pages).map((p, index) => (p === null
          ? <li key={`gap-${index}`} aria-hidden className="portal-pager-button portal-pager-gap">…</li>
          : (
            <li key={p}>
              <button type="button" className="portal-pager-button" aria-label={t('pager.page', { page: p })} aria-current={p === current ? 'page' : undefined}
                onClick={() => go(p)}>
                {p}
              </button>
            </li>
          )))}
        <li>
          <button type="button" className="portal-pager-button" aria-label={t('pager.next')} disabled={current === pages} onClick={() => go(current + 1)}>
            <RightOutlined aria-hidden />
          </button>
        </li>
      </ul>
    </nav>
  );
}

export interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The page sizes offered. */
  pageSizeOptions: number[];
  /** A new page, or a new size (then from page 1). */
  onChange(page: number, pageSize?: number): void;
}

/** Under a list: its pages (while there are more than one) and how many rows a page shows (while a smaller size would page it). */
export function ListPager({ page, pageSize, total, pageSizeOptions, onChange }: ListPagerProps) {
  const { t } = useUiTranslation();
  if (total <= pageSize && total <= Math.min(...pageSizeOptions)) return null;
  return (
    <div className="list-pager">
      <Pager page={page} pageSize={pageSize} total={total} onChange={(next) => onChange(next)} />
      <select className="pf list-pager-size" aria-label={t('list.pageSize')} value={pageSize} onChange={(event) => onChange(1, Number(event.target.value))}>
        {pageSizeOptions.map((size) => <option key={size} value={size}>{t('list.perPage', { count: size })}</option>)}
      </select>
    </div>
  );
}
