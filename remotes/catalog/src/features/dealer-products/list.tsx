// «Каталог» for a dealer: the products it may buy, at its price, in a table whose whole view
// (page, ordering, search, filters) lives in the address (useResourceList). A row expands to the
// stock per warehouse; each row has a quantity and «В корзину». The table is drawn here rather
// than by ResourceList because that block has no expandable rows.
import { useLocation, Link } from 'react-router-dom';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import type { ColumnType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { useTranslation, type DealerProduct } from '@portal/shared';
import { ListError } from '@portal/shared/ui/list-error';
import { ListFilters, orderingOf, type ListFilter } from '@portal/shared/ui/resource-list';
import { SearchBox } from '@portal/shared/ui/search-box';
import { backState } from '@portal/shared/ui/show-frame';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';
import { useResourceList, type ResourceListResult } from '@portal/shared/ui/use-resource-list';
import { DealerPrice, formatCount, ListPrice } from '../../components/prices';
import { QuantityToCart } from '../../components/quantity-to-cart';
import { useAddToCart } from '../../components/use-add-to-cart';
import { useCategories } from '../../components/use-categories';
import { useWarehouseStock } from '../../components/use-warehouse-stock';
import { WarehouseStockTable } from '../../components/warehouse-stock';
import { dealerProductsArea } from './dealer-products-slice';
import './translations';

/** The expanded row: asked for only when the row opens. */
function RowStock({ product }: { product: DealerProduct }) {
  return <WarehouseStockTable stock={useWarehouseStock(product.id)} />;
}

export default function DealerCatalogue() {
  const { t, language } = useTranslation('catalog');
  const location = useLocation();
  const { categories } = useCategories();
  const { add, holder } = useAddToCart();
  const filters: ListFilter[] = [
    { name: 'category', label: t('catalogue.filters.category'), options: categories.map((c) => ({ value: c, label: c })) },
    { name: 'in_stock', label: t('catalogue.filters.stock'), options: [{ value: 'true', label: t('catalogue.filters.inStock') }] },
  ];
  const list = useResourceList({ area: dealerProductsArea, defaultOrdering: 'name', filters: filters.map((f) => f.name) });
  const { state, view } = list;
  const ordering = view.ordering || 'name';
  const sortOrder = (field: string) => (ordering.replace(/^-/, '') === field ? (ordering.startsWith('-') ? 'descend' as const : 'ascend' as const) : null);
  const sortable = (field: string): ColumnType<DealerProduct> => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  const columns: ColumnType<DealerProduct>[] = [
    { title: t('catalogue.columns.sku'), dataIndex: 'sku', ...sortable('sku'), render: (sku: string) => <span style={{ whiteSpace: 'nowrap' }}>{sku}</span> },
    {
      title: t('catalogue.columns.name'), dataIndex: 'name', ...sortable('name'),
      render: (name: string, product) => <Link to={`products/${product.id}`} state={backState(location)}>{name}</Link>,
    },
    { title: t('catalogue.columns.category'), dataIndex: 'category' },
    { title: t('catalogue.columns.unit'), dataIndex: 'unit' },
    { title: t('catalogue.columns.listPrice'), dataIndex: 'price', align: 'end', ...sortable('price'), render: (_: string, product) => <ListPrice product={product} /> },
    { title: t('catalogue.columns.dealerPrice'), dataIndex: 'dealer_price', render: (_: string, product) => <DealerPrice product={product} /> },
    {
      title: t('catalogue.columns.available'), dataIndex: 'available', align: 'end',
      render: (available: number) => (available > 0 ? formatCount(available, language) : <MutedText>{t('common.noStock')}</MutedText>),
    },
    { title: t('catalogue.columns.cart'), key: 'cart', render: (_: unknown, product) => <QuantityToCart product={product} onAdd={add} size="small" /> },
  ];

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<DealerProduct> | SorterResult<DealerProduct>[], extra: { action: string }) => {
    if (extra.action === 'sort') list.setOrdering(orderingOf(sorter as SorterResult<unknown>));
    else if (extra.action === 'paginate') list.setPage(pagination.current ?? 1, pagination.pageSize);
  };

  return (
    <div>
      {holder}
      <ScreenTitle style={{ marginBottom: 16 }}>{t('catalogue.title')}</ScreenTitle>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <SearchBox value={view.search} onSearch={list.setSearch} label={t('catalogue.search')} />
        <ListFilters filters={filters} list={list as unknown as ResourceListResult<{ id: number }>} />
        <span style={{ flex: 1 }} />
        {state.loaded && <MutedText>{t('catalogue.total', { count: state.count })}</MutedText>}
      </Flex>
      {state.error && <ListError message={state.error} onRetry={list.retry} />}
      <Table<DealerProduct>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={state.error ? [] : state.items}
        loading={state.loading}
        onChange={onChange}
        expandable={{ expandedRowRender: (product) => <RowStock product={product} /> }}
        locale={{ emptyText: state.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogue.empty')} /> }}
        pagination={{ current: view.page, pageSize: view.pageSize, total: state.count, showSizeChanger: true, pageSizeOptions: list.pageSizeOptions }}
      />
    </div>
  );
}
