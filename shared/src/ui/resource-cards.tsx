// A list's rows as cards, for a phone or a small tablet (below 768 px, issue 18): ResourceList draws
// this instead of its table there, so a row's key fields are on screen without scrolling sideways.
// Loaded only when the narrow query matches (ResourceList imports it lazily), so the desktop
// screens carry none of it. Each card: the heading column (a column marked `card: 'heading'`, else
// the first one shown) as the card's heading, every other shown column as a label and its value,
// the actions column (`card: 'actions'`, or the column keyed 'actions') at the bottom, and, for a
// list with rows that open, a toggle that shows what the table's expanded row would. The same view
// as the table: the address's ordering (a select in place of the header), page and page size.
import { useId, useState, type ReactNode } from 'react';
import { token } from './tokens';
import type { ExpandableConfig } from 'antd/es/table/interface';
import type { ResourceColumn } from './resource-list';
import { cellOf, ListBusy, titleOf } from './plain-table';
import { ListPager } from './pager';
import { useUiTranslation } from './translations';
import './plain-field.css';
import type { ResourceListResult } from './use-resource-list';

export interface ResourceCardsProps<T extends { id: number }> {
  list: ResourceListResult<T>;
  /** The shown columns, as the table gets them. */
  columns: ResourceColumn<T>[];
  items: T[];
  loading: boolean;
  /** What an empty list shows (the table's empty text). */
  empty: ReactNode;
  /** The ordering shown: the address's, else the list's default. */
  ordering: string;
  pagination: { current: number; pageSize: number; total: number; pageSizeOptions: number[] };
  expandable?: ExpandableConfig<T>;
  /** The list's name (the screen's title when it is text). */
  label?: string;
}

type Role = 'heading' | 'actions' | 'field';

function roleOf<T>(column: ResourceColumn<T>, heading: ResourceColumn<T> | undefined): Role {
  if (column === heading) return 'heading';
  if (column.card === 'actions' || (column.card === undefined && column.key === 'actions')) return 'actions';
  return 'field';
}

function Card<T extends { id: number }>({ row, index, heading, fields, actions, expandable }: {
  row: T; index: number; heading?: ResourceColumn<T>; fields: ResourceColumn<T>[]; actions: ResourceColumn<T>[]; expandable?: ExpandableConfig<T>;
}) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const opens = expandable?.expandedRowRender && (expandable.rowExpandable?.(row) ?? true);
  return (
    <li aria-labelledby={`${id}-h`} style={{
      border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: token.paddingSM,
      background: token.colorBgContainer, color: token.colorText, minWidth: 0,
    }}>
      <h2 id={`${id}-h`} style={{ margin: `0 0 ${token.marginXS}`, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong, lineHeight: token.lineHeightLG, overflowWrap: 'anywhere' }}>
        {heading ? cellOf(heading, row, index) : row.id}
      </h2>
      <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: `${token.marginXXS} ${token.marginSM}`, margin: 0 }}>
        {fields.map((column, i) => (
          <div key={String(column.key ?? column.dataIndex ?? i)} style={{ display: 'contents' }}>
            <dt style={{ color: token.colorTextDescription }}>{titleOf(column)}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{cellOf(column, row, index)}</dd>
          </div>
        ))}
      </dl>
      {opens && (
        <>
          {/* A plain button in the link colour: antd's link button is below AA contrast in the dark theme. */}
          <button type="button" aria-expanded={open} aria-controls={`${id}-x`} aria-describedby={`${id}-h`} onClick={() => setOpen(!open)}
            style={{ display: 'block', marginTop: token.marginXS, padding: 0, border: 0, background: 'none', color: token.colorLink, font: 'inherit', cursor: 'pointer' }}>
            {t(open ? 'list.less' : 'list.more')}
          </button>
          <div id={`${id}-x`} hidden={!open} style={{ marginTop: token.marginXS, overflowX: 'auto' }}>
            {open && expandable!.expandedRowRender!(row, index, 0, true)}
          </div>
        </>
      )}
      {actions.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, marginTop: token.marginSM }}>
          {actions.map((column, i) => <div key={String(column.key ?? i)} style={{ maxWidth: '100%' }}>{cellOf(column, row, index)}</div>)}
        </div>
      )}
    </li>
  );
}

export default function ResourceCards<T extends { id: number }>({ list, columns, items, loading, empty, ordering, pagination, expandable, label }: ResourceCardsProps<T>) {
  const { t } = useUiTranslation();
  const heading = columns.find((column) => column.card === 'heading')
    ?? columns.find((column) => roleOf(column, undefined) === 'field');
  const fields = columns.filter((column) => roleOf(column, heading) === 'field');
  const actions = columns.filter((column) => roleOf(column, heading) === 'actions');

  const sorts = columns.flatMap((column) => {
    if (!column.sortable || !column.dataIndex) return [];
    const name = typeof column.title === 'string' ? column.title : column.dataIndex;
    return [
      { value: column.dataIndex, label: t('list.ascending', { column: name }) },
      { value: `-${column.dataIndex}`, label: t('list.descending', { column: name }) },
    ];
  });
  const sortValue = sorts.some((option) => option.value === ordering) ? ordering : '';

  return (
    <div>
      {sorts.length > 0 && (
        <span className="pf-select" style={{ width: '100%', marginBottom: token.marginSM }}>
          <select className="pf" aria-label={t('list.sort')} value={sortValue} onChange={(event) => list.setOrdering(event.target.value)}>
            {[{ value: '', label: t('list.sortDefault') }, ...sorts].map((option) => <option key={option.value} value={option.value}>{`${t('list.sort')}: ${option.label}`}</option>)}
          </select>
        </span>
      )}
      <div style={{ position: 'relative' }} aria-busy={loading || undefined}>
        {items.length === 0
          ? <div style={{ padding: token.paddingLG, minHeight: 80 }}>{loading ? null : empty}</div>
          : (
            <ul role="list" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: token.marginSM }}>
              {items.map((row, index) => (
                <Card key={row.id} row={row} index={index} heading={heading} fields={fields} actions={actions} expandable={expandable} />
              ))}
            </ul>
          )}
        {loading && <ListBusy />}
      </div>
      <ListPager page={pagination.current} pageSize={pagination.pageSize} total={pagination.total} pageSizeOptions={pagination.pageSizeOptions} onChange={list.setPage} />
    </div>
  );
}
