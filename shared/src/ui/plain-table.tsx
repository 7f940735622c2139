// A list's table in plain semantic markup (issue 31 item 4, design §3 "Styles and the first draw"):
// what ResourceList draws on a desktop in place of antd's Table, whose first draw ran rc-table and
// antd's style run time on every list screen. The same look (antd's table tokens), the same
// semantics (column headers with aria-sort, a sort button in each sortable header, rows that open
// with a «Развернуть строку» button, the table marked busy while a page loads) and the same cells
// (a column's `render`, as antd calls it). Its style is one static sheet that reads the theme
// through CSS variables set on the table's box.
import { Fragment, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import antTheme from 'antd/es/theme';
import type { ExpandableConfig } from 'antd/es/table/interface';
import { cspNonce } from '@portal/shared';
import type { ResourceColumn } from './resource-list';
import { useUiTranslation } from './translations';

/** A column's cell for `row`, as antd's table would draw it (a `render` may answer `{ children }`). */
export function cellOf<T extends { id: number }>(column: ResourceColumn<T>, row: T, index: number): ReactNode {
  const value = column.dataIndex ? row[column.dataIndex] : undefined;
  if (column.render) {
    const cell = column.render(value, row, index) as ReactNode | { children?: ReactNode };
    return cell && typeof cell === 'object' && 'children' in cell && !('$$typeof' in cell) ? cell.children : cell as ReactNode;
  }
  return value === null || value === undefined || typeof value === 'object' || typeof value === 'boolean' ? null : String(value);
}

/** A column's heading as text or markup (a heading computed by antd from its sort state is not used here). */
export function titleOf<T>(column: ResourceColumn<T>): ReactNode {
  return typeof column.title === 'function' ? null : column.title;
}

/** The ordering a click on `field`'s header asks for: ascending, then descending, then none (antd's order). */
export function nextOrdering(current: string, field: string): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return '';
  return field;
}

const PADDING = { small: '8px 8px', middle: '12px 8px', large: '16px 16px' } as const;

const CSS = `.plain-table{position:relative;overflow-x:auto}
.plain-table table{width:100%;border-collapse:separate;border-spacing:0;color:var(--pt-text);background:var(--pt-bg);font-size:var(--pt-font-size);line-height:var(--pt-line-height);border-radius:var(--pt-radius) var(--pt-radius) 0 0}
.plain-table th,.plain-table td{padding:var(--pt-pad);border-bottom:1px solid var(--pt-border);text-align:start;overflow-wrap:break-word}
.plain-table th{position:relative;background:var(--pt-head-bg);color:var(--pt-head-text);font-weight:var(--pt-strong)}
.plain-table th[aria-sort]{background:var(--pt-head-sorted)}
.plain-table thead tr:first-child th:first-child{border-start-start-radius:var(--pt-radius)}
.plain-table thead tr:first-child th:last-child{border-start-end-radius:var(--pt-radius)}
.plain-table tbody tr:hover>td{background:var(--pt-hover)}
.plain-table tbody tr.plain-table-expanded-row>td{background:var(--pt-head-bg)}
.plain-table .pt-end{text-align:end}.plain-table .pt-center{text-align:center}
.plain-table .pt-sort{display:flex;align-items:center;justify-content:space-between;gap:4px;width:100%;margin:0;padding:0;border:0;background:none;color:inherit;font:inherit;text-align:inherit;cursor:pointer}
.plain-table .pt-sort:focus-visible,.plain-table .pt-expand:focus-visible{outline:2px solid var(--pt-primary);outline-offset:2px}
.plain-table .pt-arrows{display:inline-flex;flex-direction:column;font-size:9px;line-height:1;color:var(--pt-muted)}
.plain-table .pt-arrows .on{color:var(--pt-primary)}
.plain-table .pt-expand{display:inline-flex;align-items:center;justify-content:center;width:17px;height:17px;padding:0;border:1px solid var(--pt-border-strong);border-radius:4px;background:var(--pt-bg);color:inherit;font:inherit;line-height:1;cursor:pointer}
.plain-table .pt-expand:hover{color:var(--pt-primary);border-color:currentColor}
.plain-table .pt-empty{padding:32px 16px;text-align:center;color:var(--pt-muted)}
.plain-table .pt-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const BUSY_CSS = `.list-busy{position:absolute;inset:0;display:flex;align-items:center;justify-content:center}
.list-busy>span{width:24px;height:24px;border:3px solid;border-right-color:transparent;border-radius:50%;animation:list-spin .8s linear infinite}
@keyframes list-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion: reduce){.list-busy>span{animation:none}}`;

/** Over a list (its box `position: relative`) while a page of it loads: the page dimmed, a spinner, «Загрузка…» for assistive technology. */
export function ListBusy() {
  const { t } = useUiTranslation();
  const { token } = antTheme.useToken();
  return (
    <div className="list-busy" role="status" aria-label={t('list.loading')} style={{ background: `color-mix(in srgb, ${token.colorBgContainer} 50%, transparent)` }}>
      <style nonce={cspNonce}>{BUSY_CSS}</style>
      <span style={{ color: token.colorPrimary }} />
    </div>
  );
}

export interface PlainTableProps<T extends { id: number }> {
  /** The shown columns. */
  columns: ResourceColumn<T>[];
  items: T[];
  loading: boolean;
  /** What an empty list shows. */
  empty: ReactNode;
  /** The ordering shown (`field` or `-field`), and where a header's click sends the next one. */
  ordering: string;
  onOrdering(next: string): void;
  expandable?: ExpandableConfig<T>;
  size?: 'small' | 'middle' | 'large';
  /** The table's name for assistive technology (the screen's title when it is text). */
  label?: string;
}

const alignClass = (align: ResourceColumn<unknown>['align']) =>
  (align === 'end' || align === 'right' ? 'pt-end' : align === 'center' ? 'pt-center' : undefined);

export function PlainTable<T extends { id: number }>({ columns, items, loading, empty, ordering, onOrdering, expandable, size = 'large', label }: PlainTableProps<T>) {
  const { t } = useUiTranslation();
  const { token } = antTheme.useToken();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const opens = (row: T) => Boolean(expandable?.expandedRowRender) && (expandable?.rowExpandable?.(row) ?? true);
  const toggle = (id: number) => setOpen((was) => {
    const next = new Set(was);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const width = columns.length + (expandable?.expandedRowRender ? 1 : 0);
  const vars = {
    '--pt-text': token.colorText, '--pt-bg': token.colorBgContainer, '--pt-font-size': `${token.fontSize}px`, '--pt-line-height': token.lineHeight,
    '--pt-radius': `${token.borderRadiusLG}px`, '--pt-pad': PADDING[size], '--pt-border': token.colorBorderSecondary, '--pt-border-strong': token.colorBorder,
    '--pt-head-bg': token.colorFillAlter, '--pt-head-sorted': token.colorFillSecondary, '--pt-head-text': token.colorTextHeading, '--pt-strong': token.fontWeightStrong,
    '--pt-hover': token.colorFillAlter, '--pt-primary': token.colorPrimary, '--pt-muted': token.colorTextDescription,
  } as CSSProperties;

  return (
    <div className="plain-table" style={vars}>
      <style nonce={cspNonce}>{CSS}</style>
      <table aria-label={label} aria-busy={loading || undefined}>
        <thead>
          <tr>
            {expandable?.expandedRowRender && <th scope="col" style={{ width: 48 }}><span className="pt-hidden">{t('list.more')}</span></th>}
            {columns.map((column, i) => {
              const field = column.sortable ? column.dataIndex : undefined;
              const sorted = field && ordering === field ? 'ascending' : field && ordering === `-${field}` ? 'descending' : undefined;
              // The whole header cell sorts, as antd's did; the button in it is what the keyboard reaches.
              const sortFromCell = field ? (event: MouseEvent<HTMLTableCellElement>) => {
                if (!(event.target as Element).closest('button')) onOrdering(nextOrdering(ordering, field));
              } : undefined;
              return (
                <th key={String(column.key ?? column.dataIndex ?? i)} scope="col" aria-sort={sorted} className={alignClass(column.align)}
                  style={{ ...(column.width === undefined ? undefined : { width: column.width }), ...(field ? { cursor: 'pointer' } : undefined) }} onClick={sortFromCell}>
                  {field ? (
                    <button type="button" className="pt-sort" onClick={() => onOrdering(nextOrdering(ordering, field))}>
                      <span>{titleOf(column)}</span>
                      <span className="pt-arrows" aria-hidden>
                        <span className={sorted === 'ascending' ? 'on' : undefined}>▲</span>
                        <span className={sorted === 'descending' ? 'on' : undefined}>▼</span>
                      </span>
                    </button>
                  ) : titleOf(column)}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && (
            <tr>
              <td colSpan={width} className="pt-empty">{loading ? <span style={{ display: 'block', minHeight: 44 }} /> : empty}</td>
            </tr>
          )}
          {items.map((row, index) => {
            const expanded = open.has(row.id);
            return (
              <Fragment key={row.id}>
                <tr data-row-key={row.id}>
                  {expandable?.expandedRowRender && (
                    <td>
                      {opens(row) && (
                        <button type="button" className="pt-expand" aria-expanded={expanded} aria-label={t(expanded ? 'list.collapse' : 'list.expand')} onClick={() => toggle(row.id)}>
                          <span aria-hidden>{expanded ? '−' : '+'}</span>
                        </button>
                      )}
                    </td>
                  )}
                  {columns.map((column, i) => (
                    <td key={String(column.key ?? column.dataIndex ?? i)} className={alignClass(column.align)}>{cellOf(column, row, index)}</td>
                  ))}
                </tr>
                {expanded && (
                  <tr className="plain-table-expanded-row">
                    <td colSpan={width}>{expandable!.expandedRowRender!(row, index, 0, true)}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {loading && <ListBusy />}
    </div>
  );
}
