// «Претензии»: a dealer's own claims, every claim for staff (with a dealer filter): number, date,
// order, product, quantity, reason and status; filtered by status and dates, searched, the whole
// view in the address (useResourceList); «Экспорт CSV» of every matching claim. Built from the
// list blocks as the orders list is: ResourceList's filters are selects only, the dates are fields.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import type { SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { selectIsStaff, useAppDispatch, useAppSelector, useTranslation, type Claim } from '@portal/shared';
import { CsvExportButton } from '@portal/shared/ui/csv-export-button';
import { DateText } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { ListFilters, orderingOf, type ListFilter, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { SearchBox } from '@portal/shared/ui/search-box';
import { backState } from '@portal/shared/ui/show-frame';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { useResourceList, type ResourceListResult } from '@portal/shared/ui/use-resource-list';
import { PeriodFilter, PERIOD_FILTERS } from '@portal/shared/ui/period-filter';
import { CLAIMS_PATH } from './claims-slice';
import { ALL_DEALERS, claimDealersArea, claimsArea } from './claims-slice';
import { CLAIM_STATUSES } from './claim-words';
import './translations';

const DEFAULT_ORDERING = '-created_at';
export default function ClaimsList() {
  const { t } = useTranslation('admin');
  const { t: ui } = useUiTranslation();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const isStaff = useAppSelector(selectIsStaff);
  const dealers = useAppSelector(claimDealersArea.selectArea);
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => {
    if (isStaff) void dispatch(claimDealersArea.fetchList(ALL_DEALERS));
  }, [dispatch, isStaff]);

  const filters: ListFilter[] = [
    { name: 'status', label: t('claims.filters.status'), options: CLAIM_STATUSES.map((status) => ({ value: status, label: ui(`status.${status}`) })) },
    ...(isStaff ? [{ name: 'dealer', label: t('claims.filters.dealer'), options: dealers.items.map((d) => ({ value: String(d.id), label: d.name })) }] : []),
  ];
  const list = useResourceList<Claim>({ area: claimsArea, defaultOrdering: DEFAULT_ORDERING, filters: [...filters.map((f) => f.name), ...PERIOD_FILTERS] });
  const { state, view } = list;

  const columns: ResourceColumn<Claim>[] = [
    {
      title: t('claims.columns.id'), dataIndex: 'id', sortable: true,
      render: (id: number) => <Link to={String(id)} state={backState(location)} style={{ whiteSpace: 'nowrap' }}>{t('claims.heading', { id })}</Link>,
    },
    { title: t('claims.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    { title: t('claims.columns.order'), dataIndex: 'order_number', sortable: true },
    { title: t('claims.columns.dealer'), dataIndex: 'dealer_name', sortable: true, hidden: !isStaff },
    { title: t('claims.columns.product'), dataIndex: 'product_name' },
    { title: t('claims.columns.quantity'), dataIndex: 'quantity', sortable: true, align: 'end' },
    { title: t('claims.columns.reason'), dataIndex: 'reason', render: (reason: Claim['reason']) => t(`claims.reasons.${reason}`) },
    { title: t('claims.columns.status'), dataIndex: 'status', sortable: true, render: (status: string) => <StatusTag status={status} /> },
  ];
  const shown = columns.filter((column) => !column.hidden);

  // The header shows the ordering of the address: a shared link opens sorted as it was.
  const current = view.ordering || DEFAULT_ORDERING;
  const sortField = current.replace(/^-/, '');
  const tableColumns = shown.map((column) => (column.sortable && column.dataIndex ? {
    ...column, key: column.dataIndex, sorter: true,
    sortOrder: sortField === column.dataIndex ? (current.startsWith('-') ? 'descend' as const : 'ascend' as const) : null,
  } : column));

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<Claim> | SorterResult<Claim>[], extra: { action: string }) => {
    if (extra.action === 'sort') list.setOrdering(orderingOf(sorter as SorterResult<unknown>));
    else if (extra.action === 'paginate') list.setPage(pagination.current ?? 1, pagination.pageSize);
  };

  return (
    <div>
      <ScreenTitle style={{ marginTop: 0, marginBottom: 16 }}>{t('claims.title')}</ScreenTitle>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <SearchBox value={view.search} onSearch={list.setSearch} label={t('claims.search')} />
        <ListFilters filters={filters} list={list as unknown as ResourceListResult<{ id: number }>} />
        <PeriodFilter list={list} />
        <span style={{ flex: 1 }} />
        {state.loaded && <MutedText>{ui('list.total', { count: state.count })}</MutedText>}
        <CsvExportButton path={CLAIMS_PATH} query={list.query} fileName="claims" onError={setExportError}
          fields={shown.flatMap((column) => (column.dataIndex ? [column.dataIndex] : []))} />
      </Flex>
      {exportError && <Alert type="error" showIcon closable title={exportError} onClose={() => setExportError(null)} style={{ marginBottom: 16 }} />}
      {state.error && <ListError message={state.error} onRetry={list.retry} />}
      <Table<Claim>
        rowKey="id"
        columns={tableColumns}
        dataSource={state.error ? [] : state.items}
        loading={state.loading}
        onChange={onChange}
        locale={{ emptyText: state.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('claims.empty')} /> }}
        pagination={{ current: view.page, pageSize: view.pageSize, total: state.count, showSizeChanger: true, pageSizeOptions: list.pageSizeOptions }}
      />
    </div>
  );
}
