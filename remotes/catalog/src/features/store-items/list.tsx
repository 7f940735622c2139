// «Склад» (staff): stock by product and warehouse, searched by SKU or product, filtered by
// warehouse; a new item, edit, and delete with a confirm.
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PlainButton } from '@portal/shared/ui/plain-button';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useAppDispatch, useTranslation, type StoreItem } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { STORE_ITEMS_PATH } from '../../components/catalog-paths';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { storeItemsArea } from './store-items-slice';
import { useWarehouses } from './use-warehouses';

function StockList() {
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const warehouses = useWarehouses();

  const columns = ({ reload }: { reload(): void }): ResourceColumn<StoreItem>[] => [
    { title: t('storeItems.columns.sku'), dataIndex: 'product_sku', key: 'sku', render: (sku: string) => <span style={{ whiteSpace: 'nowrap' }}>{sku}</span> },
    {
      title: t('storeItems.columns.product'), dataIndex: 'product_name', key: 'product', card: 'heading',
      render: (name: string, item) => <Link to={`../products/${item.product}`} state={backState(location)}>{name}</Link>,
    },
    { title: t('storeItems.columns.warehouse'), dataIndex: 'warehouse', sortable: true },
    { title: t('storeItems.columns.quantity'), dataIndex: 'quantity', sortable: true, align: 'end' },
    { title: t('storeItems.columns.reserved'), dataIndex: 'reserved', align: 'end' },
    { title: t('storeItems.columns.available'), dataIndex: 'available', align: 'end' },
    { title: t('storeItems.columns.updated_at'), dataIndex: 'updated_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    {
      title: t('storeItems.columns.actions'), key: 'actions',
      render: (_: unknown, item) => (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <PlainButton size="small" onClick={() => navigate(`${item.id}/edit`, { state: backState(location) })}>{t('storeItems.edit')}</PlainButton>
          <ConfirmButton size="small" danger title={t('storeItems.deleteConfirm', { name: item.product_name, warehouse: item.warehouse })}
            content={t('storeItems.deleteText')} okText={t('storeItems.delete')}
            onConfirm={async () => { await dispatch(storeItemsArea.remove(item.id)).unwrap(); reload(); }}>
            {t('storeItems.delete')}
          </ConfirmButton>
        </span>
      ),
    },
  ];

  return (
    <ResourceList
      area={storeItemsArea}
      title={t('storeItems.title')}
      actions={<PlainButton variant="primary" icon={<PlusOutlined />} onClick={() => navigate('new')}>{t('storeItems.create')}</PlainButton>}
      columns={columns}
      defaultOrdering="product"
      exportPath={STORE_ITEMS_PATH}
      exportName="stock"
      emptyText={t('storeItems.empty')}
      filters={[{ name: 'warehouse', label: t('storeItems.filters.warehouse'), options: warehouses.map((w) => ({ value: w, label: w })) }]}
    />
  );
}

export default function StockListScreen() {
  return <StaffOnly><StockList /></StaffOnly>;
}
