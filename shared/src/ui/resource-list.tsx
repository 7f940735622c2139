// A resource's list screen, written once (design §3 "Screens"): a title with the screen's actions,
// the search box, the filters, «Экспорт CSV», and a server-paged, server-sorted table whose whole
// view lives in the address (useResourceList). Loading shows in the table, an empty answer says so,
// a failed one shows the API's message with a retry that asks again for the same view. The table is
// plain markup (plain-table.tsx), paged by the plain pager with a page-size choice: antd's Table
// leaves the list's first draw (issue 31 item 4). Below 768 px the rows show as cards instead
// (resource-cards.tsx), with the same view: part of the list's own code, since on a phone a chunk of
// their own was one more round trip before the first rows (Lighthouse's largest paint waited on it).
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ColumnType, ExpandableConfig, SorterResult } from 'antd/es/table/interface';
import { type CrudArea } from '@portal/shared';
import { CsvExportButton, type ExportFormat } from './csv-export-button';
import { ListPager } from './pager';
import { PlainTable } from './plain-table';
import { useIsNarrow } from './narrow';
import ResourceCards from './resource-cards';
import { SavedViewsButton } from './saved-views-button';
import { SearchBox } from './search-box';
import { useUiTranslation } from './translations';
import { PeriodFilter, PERIOD_FILTERS } from './period-filter';
import { MutedText, ScreenTitle } from './text';
import './plain-field.css';
import { useResourceList, type ResourceListResult } from './use-resource-list';

/** What a screen's actions may do to the list: ask again for the same view. */
export interface ListControls {
  reload(): void;
}

export interface ListFilter {
  /** The API's filter name, e.g. 'published'. */
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}

/**
 * A column; `dataIndex` names the API field that sorting and the CSV use. `card` places it in a
 * row's card on a phone: its heading (else the first column shown is), or its actions at the bottom
 * (a column keyed 'actions' is); any other column is a label and its value.
 */
export type ResourceColumn<T> = ColumnType<T> & { dataIndex?: keyof T & string; sortable?: boolean; card?: 'heading' | 'actions' };

// What a list shows only when something failed, with the antd parts it draws (an Alert, a Button):
// chunks of their own, loaded when a call fails, not with the list's first draw.
const ListError = lazy(() => import('./list-error').then((m) => ({ default: m.ListError })));
const Alert = lazy(() => import('antd/es/alert'));

export interface ResourceListProps<T extends { id: number }> {
  area: CrudArea<T>;
  /** The list's path for «Экспорт CSV», e.g. '/api/newsletters/'; no export button without it. */
  exportPath?: string;
  /** The CSV file's name when the API gives none. */
  exportName?: string;
  /** The export's format and button text: `xlsx` for a price list; CSV and «Экспорт CSV» by default. */
  exportFormat?: ExportFormat;
  exportLabel?: ReactNode;
  title: ReactNode;
  /** Buttons beside the title (create, upload, ...). */
  actions?: ReactNode;
  /** The columns; a function gets `reload`, for actions that change a row (publish, delete). */
  columns: ResourceColumn<T>[] | ((list: ListControls) => ResourceColumn<T>[]);
  filters?: ListFilter[];
  /** Offer «Период» (created_after, created_before) beside the filters. */
  period?: boolean;
  searchable?: boolean;
  /** The search box's name when «Поиск» alone would not say what is searched («Номер заказа»). */
  searchLabel?: string;
  /** What the count says («Найдено товаров: 5»); «Всего: 5» by default. */
  totalText?(count: number): string;
  /** Rows that open to show more (a product's stock by warehouse). */
  expandable?: ExpandableConfig<T>;
  size?: 'small' | 'middle' | 'large';
  defaultOrdering?: string;
  pageSize?: number;
  /** What an empty list says; «Ничего не найдено» by default. */
  emptyText?: string;
  /** Above the table: anything else the screen shows (an upload panel, say). */
  children?: ReactNode | ((list: ListControls) => ReactNode);
}

/** Table ordering from a column's sort state: `field` or `-field`, '' for none. */
export function orderingOf(sorter: SorterResult<unknown> | SorterResult<unknown>[]): string {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return '';
  const field = String(first.columnKey ?? first.field ?? '');
  return first.order === 'descend' ? `-${field}` : field;
}

/**
 * The list's filters as the browser's own selects in antd's look (plain-field.css): a list's first
 * draw needs no antd Select. Each shows its name and its choice («Статус: все»), in the text colour
 * (a placeholder would be a light grey, below WCAG AA contrast).
 */
export function ListFilters({ filters, list }: { filters: ListFilter[]; list: ResourceListResult<unknown & { id: number }> }) {
  const { t } = useUiTranslation();
  return (
    <>
      {filters.map((filter) => {
        const value = list.view.filters[filter.name] ?? '';
        // A value of the address whose option is not (yet) there, as when the categories are still
        // loading after a reload, is shown as it is rather than as something else.
        const known = value === '' || filter.options.some((option) => option.value === value);
        const options = [{ value: '', label: t('list.all') }, ...filter.options, ...(known ? [] : [{ value, label: value }])];
        return (
          <span key={filter.name} className="pf-select">
            <select className="pf" aria-label={filter.label} value={value} onChange={(event) => list.setFilter(filter.name, event.target.value)}>
              {options.map((option) => <option key={option.value} value={option.value}>{`${filter.label}: ${option.label}`}</option>)}
            </select>
          </span>
        );
      })}
    </>
  );
}

export function ResourceList<T extends { id: number }>(props: ResourceListProps<T>) {
  const { area, filters = [], period = false, searchable = true, exportPath, exportName, title, actions, emptyText } = props;
  const { t } = useUiTranslation();
  const list = useResourceList<T>({
    area, defaultOrdering: props.defaultOrdering, pageSize: props.pageSize,
    filters: [...filters.map((f) => f.name), ...(period ? PERIOD_FILTERS : [])],
  });
  const { state, view } = list;
  const [exportError, setExportError] = useState<string | null>(null);
  const narrow = useIsNarrow();

  // The header shows the ordering of the address: a shared link opens sorted as it was.
  const current = view.ordering || props.defaultOrdering || '';
  const { retry } = list;
  const controls: ListControls = useMemo(() => ({ reload: retry }), [retry]);
  // The list failed when its rows did not come; a refused delete of a row (its confirm says why)
  // leaves the rows on screen.
  const listFailed = state.error !== null && !state.loaded;
  const columns = useMemo(() => (typeof props.columns === 'function' ? props.columns(controls) : props.columns), [props.columns, controls]);
  const children = typeof props.children === 'function' ? props.children(controls) : props.children;
  const shown = useMemo(() => columns.filter((column) => !column.hidden), [columns]);
  const label = typeof title === 'string' ? title : undefined;
  const pageSizes = list.pageSizeOptions.join();

  // What the rows are drawn from: while none of it changed, a render of the list (the store's new
  // answer before the render that draws it, see useResourceList; the export's error) leaves the
  // rows as they are.
  const rows = useMemo(() => {
    const items = listFailed ? [] : state.items;
    const empty = <span className="list-empty">{emptyText ?? t('list.empty')}</span>;
    const paging = { current: view.page, pageSize: view.pageSize, total: state.count, pageSizeOptions: list.pageSizeOptions };
    return narrow ? (
      <ResourceCards<T> list={list} columns={shown} items={items} loading={state.loading} empty={empty} ordering={current} pagination={paging} expandable={props.expandable} label={label} />
    ) : (
      <>
        <PlainTable<T> columns={shown} items={items} loading={state.loading} empty={empty} ordering={current} onOrdering={list.setOrdering}
          expandable={props.expandable} size={props.size} label={label} />
        <ListPager page={view.page} pageSize={view.pageSize} total={state.count} pageSizeOptions={list.pageSizeOptions} onChange={list.setPage} />
      </>
    );
    // `list`'s functions read the view and the address (both here); its options are `pageSizes`.
  }, [state, listFailed, view, narrow, shown, current, props.expandable, props.size, label, emptyText, t, pageSizes]);

  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginBottom: 16 }}>
        <ScreenTitle style={{ margin: 0 }}>{title}</ScreenTitle>
        {actions && <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{actions}</div>}
      </div>
      {children}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 16 }}>
        {searchable && <SearchBox value={view.search} onSearch={list.setSearch} label={props.searchLabel} />}
        <ListFilters filters={filters} list={list as unknown as ResourceListResult<{ id: number }>} />
        {period && <PeriodFilter list={list} />}
        <SavedViewsButton path={area.path} />
        <span style={{ flex: 1 }} />
        {state.loaded && <MutedText>{props.totalText ? props.totalText(state.count) : t('list.total', { count: state.count })}</MutedText>}
        {exportPath && (
          <CsvExportButton path={exportPath} query={{ ...area.params, ...list.query }} fileName={exportName ?? 'export'} onError={setExportError}
            format={props.exportFormat} label={props.exportLabel}
            fields={shown.flatMap((column) => (column.dataIndex ? [column.dataIndex] : []))} />
        )}
      </div>
      <Suspense>
        {exportError && <Alert type="error" showIcon closable title={exportError} onClose={() => setExportError(null)} style={{ marginBottom: 16 }} />}
        {listFailed && <ListError message={state.error ?? ''} onRetry={list.retry} />}
      </Suspense>
      {rows}
    </div>
  );
}

