// A store item, new or edited (staff): «Товар» (searched by SKU or name), «Склад» (one in use or a
// new one) and «Остаток». What is reserved belongs to confirmed orders (design §5): the API keeps
// it and refuses a quantity below it (an error on «Остаток»); the form says so before sending.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import AutoComplete from 'antd/es/auto-complete';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { useTranslation, type ApiRequestBody, type StoreItem } from '@portal/shared';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { searchProducts } from './api';
import { storeItemsArea } from './store-items-slice';
import { useWarehouses } from './use-warehouses';

interface Values {
  product: number | null;
  warehouse: string;
  quantity: number | null;
}

interface ProductOption {
  value: number;
  label: string;
}

const optionOf = (product: { id: number; sku: string; name: string }): ProductOption => ({ value: product.id, label: `${product.sku} — ${product.name}` });

/** Products matching what is typed (the first 20), for the product picker. */
function useProductSearch(initial: ProductOption[]) {
  const [term, setTerm] = useState('');
  const [options, setOptions] = useState<ProductOption[]>(initial);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      searchProducts(term).then(
        (products) => { if (live) { setOptions(products.map(optionOf)); setLoading(false); } },
        () => { if (live) setLoading(false); },
      );
    }, term ? 300 : 0);
    return () => { live = false; clearTimeout(timer); };
  }, [term]);
  const shown = [...initial.filter((o) => !options.some((p) => p.value === o.value)), ...options];
  return { options: shown, loading, search: setTerm };
}

export function StoreItemForm({ item }: { item?: StoreItem }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const warehouses = useWarehouses();
  const reserved = item?.reserved ?? 0;
  const products = useProductSearch(item ? [optionOf({ id: item.product, sku: item.product_sku, name: item.product_name })] : []);
  const binding = useResourceForm<Values, StoreItem>({
    name: 'store-item',
    area: storeItemsArea,
    id: item?.id,
    initialValues: item ? { product: item.product, warehouse: item.warehouse, quantity: item.quantity } : { product: null, warehouse: '', quantity: 0 },
    // Product and quantity are required fields: the form is not sent without them.
    toBody: (values): ApiRequestBody<'/api/storeitem/create/', 'post'> => ({ product: values.product!, warehouse: values.warehouse.trim(), quantity: values.quantity! }),
    onSaved: () => navigate('../stock'),
  });

  return (
    <ResourceForm binding={binding} onCancel={() => navigate('../stock')}>
      <div style={{ maxWidth: 560 }}>
        <Form.Item name="product" label={t('storeItems.form.product')} extra={t('storeItems.form.productSearch')} rules={[{ required: true, message: t('storeItems.form.productRequired') }]}>
          <Select showSearch={{ filterOption: false, onSearch: products.search }} options={products.options} loading={products.loading} notFoundContent={null} />
        </Form.Item>
        <Form.Item name="warehouse" label={t('storeItems.form.warehouse')} rules={[{ required: true, whitespace: true, message: t('storeItems.form.warehouseRequired') }]}>
          <AutoComplete options={warehouses.map((w) => ({ value: w }))} maxLength={100}
            filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())} />
        </Form.Item>
        <Form.Item name="quantity" label={t('storeItems.form.quantity')}
          extra={reserved > 0 ? t('storeItems.form.reservedHint', { reserved }) : undefined}
          rules={[
            { required: true, type: 'integer', min: 0, message: t('storeItems.form.quantityRequired') },
            { type: 'integer', min: reserved, message: t('storeItems.form.quantityBelowReserved', { reserved }) },
          ]}>
          <InputNumber<number> min={0} max={1_000_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </div>
    </ResourceForm>
  );
}
