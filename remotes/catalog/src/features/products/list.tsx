// «Каталог» for staff: every product, withdrawn ones too, from /api/products/: search, filters by
// category and status, sorting, «Экспорт CSV», and a new product.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PlainButton } from '@portal/shared/ui/plain-button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation, type Product } from '@portal/shared';
import { Money } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { useCategories } from '../../components/use-categories';
import { ActiveTag } from './active-tag';
import { PRODUCTS_PATH } from '../../components/catalog-paths';
import { productsArea } from './products-slice';

export default function ProductsList() {
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const navigate = useNavigate();
  const { categories } = useCategories();

  const columns: ResourceColumn<Product>[] = [
    { title: t('products.columns.sku'), dataIndex: 'sku', sortable: true, render: (sku: string) => <span style={{ whiteSpace: 'nowrap' }}>{sku}</span> },
    {
      title: t('products.columns.name'), dataIndex: 'name', sortable: true, card: 'heading',
      render: (name: string, product) => <Link to={`products/${product.id}`} state={backState(location)}>{name}</Link>,
    },
    { title: t('products.columns.category'), dataIndex: 'category', sortable: true },
    { title: t('products.columns.unit'), dataIndex: 'unit' },
    { title: t('products.columns.price'), dataIndex: 'price', sortable: true, align: 'end', render: (price: string) => <Money value={price} /> },
    { title: t('products.columns.available'), dataIndex: 'available', align: 'end' },
    { title: t('products.columns.is_active'), dataIndex: 'is_active', render: (active: boolean) => <ActiveTag active={active} /> },
    {
      title: t('products.columns.actions'), key: 'actions',
      render: (_: unknown, product) => (
        <PlainButton size="small" onClick={() => navigate(`products/${product.id}/edit`, { state: backState(location) })}
          aria-label={`${t('products.edit')}: ${product.name}`}>
          {t('products.edit')}
        </PlainButton>
      ),
    },
  ];

  return (
    <ResourceList
      area={productsArea}
      title={t('products.title')}
      actions={<PlainButton variant="primary" icon={<PlusOutlined />} onClick={() => navigate('products/new')}>{t('products.create')}</PlainButton>}
      columns={columns}
      defaultOrdering="name"
      exportPath={PRODUCTS_PATH}
      exportName="products"
      emptyText={t('products.empty')}
      filters={[
        { name: 'category', label: t('products.filters.category'), options: categories.map((c) => ({ value: c, label: c })) },
        { name: 'is_active', label: t('products.filters.active'), options: [{ value: 'true', label: t('products.activeMany') }, { value: 'false', label: t('products.inactiveMany') }] },
      ]}
    />
  );
}
