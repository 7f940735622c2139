// «Каталог» for a dealer: the products it may buy, at its price, in a table whose whole view
// (page, ordering, search, filters) lives in the address. A row expands to the stock per
// warehouse; each row has a quantity and «В корзину».
import { lazy, Suspense } from 'react';
import { useLocation, Link } from 'react-router-dom';
import { useTranslation, type DealerProduct } from '@portal/shared';
import { ResourceList, type ListFilter, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { MutedText } from '@portal/shared/ui/text';
import { DealerPrice, formatCount, ListPrice } from '../../components/prices';
import { QuantityToCart } from '../../components/quantity-to-cart';
import { useAddToCart } from '../../components/use-add-to-cart';
import { useCategories } from '../../components/use-categories';
import { dealerProductsArea } from './dealer-products-slice';

/** The expanded row: its code and its data are asked for only when a row opens. */
const RowStock = lazy(() => import('./row-stock'));

export default function DealerCatalogue() {
  const { t, language } = useTranslation('catalog');
  const location = useLocation();
  const { categories } = useCategories();
  const { add } = useAddToCart({ backOrder: true });
  const filters: ListFilter[] = [
    { name: 'category', label: t('catalogue.filters.category'), options: categories.map((c) => ({ value: c, label: c })) },
    { name: 'in_stock', label: t('catalogue.filters.stock'), options: [{ value: 'true', label: t('catalogue.filters.inStock') }] },
  ];

  const columns: ResourceColumn<DealerProduct>[] = [
    { title: t('catalogue.columns.sku'), dataIndex: 'sku', sortable: true, render: (sku: string) => <span style={{ whiteSpace: 'nowrap' }}>{sku}</span> },
    {
      title: t('catalogue.columns.name'), dataIndex: 'name', sortable: true, card: 'heading',
      render: (name: string, product) => <Link to={`products/${product.id}`} state={backState(location)}>{name}</Link>,
    },
    { title: t('catalogue.columns.category'), dataIndex: 'category' },
    { title: t('catalogue.columns.unit'), dataIndex: 'unit' },
    { title: t('catalogue.columns.listPrice'), dataIndex: 'price', align: 'end', sortable: true, render: (_: string, product) => <ListPrice product={product} /> },
    { title: t('catalogue.columns.dealerPrice'), dataIndex: 'dealer_price', render: (_: string, product) => <DealerPrice product={product} /> },
    {
      title: t('catalogue.columns.available'), dataIndex: 'available', align: 'end',
      render: (available: number) => (available > 0 ? formatCount(available, language) : <MutedText>{t('common.noStock')}</MutedText>),
    },
    { title: t('catalogue.columns.cart'), key: 'cart', card: 'actions', render: (_: unknown, product) => <QuantityToCart product={product} onAdd={add} size="small" /> },
  ];

  return (
    <ResourceList
      area={dealerProductsArea}
      title={t('catalogue.title')}
      columns={columns}
      filters={filters}
      defaultOrdering="name"
      // «Скачать прайс-лист»: the xlsx of the dealer's products at its prices, as filtered and ordered on screen.
      exportPath="/api/dp/"
      exportName="price-list"
      exportFormat="xlsx"
      exportLabel={t('catalogue.priceList')}
      searchLabel={t('catalogue.search')}
      totalText={(count) => t('catalogue.total', { count })}
      emptyText={t('catalogue.empty')}
      size="middle"
      expandable={{ expandedRowRender: (product) => <Suspense fallback={<span role="status"><MutedText>{t('stock.loading')}</MutedText></span>}><RowStock product={product} /></Suspense> }}
    >
    </ResourceList>
  );
}
