// A list's table in plain semantic markup (issue 31 item 4, design §3 "Styles and the first draw"):
// what ResourceList draws on a desktop in place of antd's Table, whose first draw ran rc-table and
// antd's style run time on every list screen. The same look (antd's table tokens), the same
// semantics (column headers with aria-sort, a sort button in each sortable header, rows that open
// with a «Развернуть строку» button, the table marked busy while a page loads) and the same cells
// (a column's `render`, as antd calls it). Its style is a static sheet (plain-table.css) that reads
// the theme's variables.
import { Fragment, useState, type MouseEvent, type ReactNode } from 'react';
import type { ExpandableConfig } from 'antd/es/table/interface';
import type { ResourceColumn } from './resource-list';
import { useUiTranslation } from './translations';
import './plain-table.css';

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

/** Over a list (its box `position: relative`) while a page of it loads: the page dimmed, a spinner, «Загрузка…» for assistive technology. */
export function ListBusy() {
  const { t } = useUiTranslation();
  return (
    <div className="list-busy" role="status" aria-label={t('list.loading')}>
      <span />
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
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const opens = (row: T) => Boolean(expandable?.expandedRowRender) && (expandable?.rowExpandable?.(row) ?? true);
  const toggle = (id: number) => setOpen((was) => {
    const next = new Set(was);
    if (next.has(id)) next.delete(id); else next.add(id);
    return next;
  });
  const width = columns.length + (expandable?.expandedRowRender ? 1 : 0);

  return (
    <div className={size === 'large' ? 'plain-table' : `plain-table plain-table-${size}`}>
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
