// «Заказы»: a dealer's own orders, every order for staff (with a dealer filter): number, date,
// status, total and number of lines; filtered by status and by dates, searched by number, the whole
// view in the address (useResourceList); «Экспорт CSV» of every matching order. Built from the list
// blocks rather than ResourceList, whose filters are selects only: the dates are two date fields.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import type { SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { selectIsStaff, useAppDispatch, useAppSelector, useTranslation, type Order } from '@portal/shared';
import { CsvExportButton } from '@portal/shared/ui/csv-export-button';
import { DateText, Money } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { ListFilters, orderingOf, type ListFilter, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { SearchBox } from '@portal/shared/ui/search-box';
import { backState } from '@portal/shared/ui/show-frame';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { useResourceList, type ResourceListResult } from '@portal/shared/ui/use-resource-list';
import { PeriodFilter, PERIOD_FILTERS } from '@portal/shared/ui/period-filter';
import { ALL_DEALERS, orderDealersArea } from './dealers-slice';
import { ORDERS_PATH, ordersArea } from './orders-slice';
import './translations';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';

const ORDER_STATUSES = ['new', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;
const DEFAULT_ORDERING = '-created_at';
export default function OrdersList() {
  const { t } = useTranslation('orders');
  // The blocks' words: the statuses and «Всего» are named as on every other screen.
  const { t: ui } = useUiTranslation();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const isStaff = useAppSelector(selectIsStaff);
  const dealers = useAppSelector(orderDealersArea.selectArea);
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => {
    if (isStaff) void dispatch(orderDealersArea.fetchList(ALL_DEALERS));
  }, [dispatch, isStaff]);

  const filters: ListFilter[] = [
    { name: 'status', label: t('orders.filters.status'), options: ORDER_STATUSES.map((status) => ({ value: status, label: ui(`status.${status}`) })) },
    ...(isStaff ? [{ name: 'dealer', label: t('orders.filters.dealer'), options: dealers.items.map((d) => ({ value: String(d.id), label: d.name })) }] : []),
  ];
  const list = useResourceList<Order>({ area: ordersArea, defaultOrdering: DEFAULT_ORDERING, filters: [...filters.map((f) => f.name), ...PERIOD_FILTERS] });
  const { state, view } = list;

  const columns: ResourceColumn<Order>[] = [
    {
      title: t('orders.columns.number'), dataIndex: 'number', sortable: true,
      render: (number: string, order) => <Link to={String(order.id)} state={backState(location)}>{number}</Link>,
    },
    { title: t('orders.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    { title: t('orders.columns.dealer'), dataIndex: 'dealer_name', hidden: !isStaff },
    { title: t('orders.columns.status'), dataIndex: 'status', sortable: true, render: (status: string) => <StatusTag status={status} /> },
    { title: t('orders.columns.total'), dataIndex: 'total', sortable: true, align: 'end', render: (total: string) => <Money value={total} /> },
    { title: t('orders.columns.lines'), dataIndex: 'items', align: 'end', render: (items: Order['items']) => items.length },
  ];
  const shown = columns.filter((column) => !column.hidden);

  // The header shows the ordering of the address: a shared link opens sorted as it was.
  const current = view.ordering || DEFAULT_ORDERING;
  const sortField = current.replace(/^-/, '');
  const tableColumns = shown.map((column) => (column.sortable && column.dataIndex ? {
    ...column, key: column.dataIndex, sorter: true,
    sortOrder: sortField === column.dataIndex ? (current.startsWith('-') ? 'descend' as const : 'ascend' as const) : null,
  } : column));

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<Order> | SorterResult<Order>[], extra: { action: string }) => {
    if (extra.action === 'sort') list.setOrdering(orderingOf(sorter as SorterResult<unknown>));
    else if (extra.action === 'paginate') list.setPage(pagination.current ?? 1, pagination.pageSize);
  };

  return (
    <div>
      <ScreenTitle style={{ marginTop: 0, marginBottom: 16 }}>{t('orders.title')}</ScreenTitle>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <SearchBox value={view.search} onSearch={list.setSearch} label={t('orders.search')} />
        <ListFilters filters={filters} list={list as unknown as ResourceListResult<{ id: number }>} />
        <PeriodFilter list={list} />
        <span style={{ flex: 1 }} />
        {state.loaded && <MutedText>{ui('list.total', { count: state.count })}</MutedText>}
        <CsvExportButton path={ORDERS_PATH} query={list.query} fileName="orders" onError={setExportError}
          fields={shown.flatMap((column) => (column.dataIndex ? [column.dataIndex] : []))} />
      </Flex>
      {exportError && <Alert type="error" showIcon closable title={exportError} onClose={() => setExportError(null)} style={{ marginBottom: 16 }} />}
      {state.error && <ListError message={state.error} onRetry={list.retry} />}
      <Table<Order>
        rowKey="id"
        columns={tableColumns}
        dataSource={state.error ? [] : state.items}
        loading={state.loading}
        onChange={onChange}
        locale={{ emptyText: state.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} /> }}
        pagination={{ current: view.page, pageSize: view.pageSize, total: state.count, showSizeChanger: true, pageSizeOptions: list.pageSizeOptions }}
      />
    </div>
  );
}
