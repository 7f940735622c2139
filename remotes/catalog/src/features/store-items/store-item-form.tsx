// A store item, new or edited (staff): «Товар» (searched by SKU or name), «Склад» (one in use or a
// new one) and, for a new one, its opening «Остаток», taken as typed or refused on the field
// (@portal/shared/ui/quantity: never rounded or clamped). An existing item's total changes only by its movements
// (movements.tsx: «Приход», «Списание», «Корректировка» with a reason; design §5): the form sends
// no quantity. What is reserved belongs to confirmed orders: the API refuses less.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import AutoComplete from 'antd/es/auto-complete';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation, type ApiRequestBody, type StoreItem } from '@portal/shared';
import { MAX_STOCK, quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { QuantityField } from '@portal/shared/ui/quantity-field';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { searchProducts } from './api';
import { storeItemsArea } from './store-items-slice';
import { useWarehouses } from './use-warehouses';
import './translations';

interface Values {
  product: number | null;
  warehouse: string;
  /** As typed (a new item's opening quantity). */
  quantity: string;
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

/** A new item's opening quantity: 0 or more, whole. */
const OPENING = { min: 0, max: MAX_STOCK } as const;

export function StoreItemForm({ item }: { item?: StoreItem }) {
  const { t } = useTranslation('catalog');
  const quantityCheck = useQuantityCheck(OPENING);
  const navigate = useNavigate();
  const warehouses = useWarehouses();
  const products = useProductSearch(item ? [optionOf({ id: item.product, sku: item.product_sku, name: item.product_name })] : []);
  const binding = useResourceForm<Values, StoreItem>({
    name: 'store-item',
    area: storeItemsArea,
    id: item?.id,
    initialValues: item ? { product: item.product, warehouse: item.warehouse, quantity: String(item.quantity) } : { product: null, warehouse: '', quantity: '0' },
    // Product and quantity are required fields: the form is not sent without them. An edit sends no
    // quantity: the API keeps the total, which only movements change (never a stale number from here).
    toBody: (values): ApiRequestBody<'/api/storeitem/create/', 'post'> => ({
      product: values.product!, warehouse: values.warehouse.trim(), ...(item ? {} : { quantity: quantityOf(values.quantity) }),
    }),
    saved: (saved, created) => t(created ? 'answers.stockCreated' : 'answers.stockSaved', { name: saved.product_name, warehouse: saved.warehouse }),
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
        {!item && (
          <Form.Item name="quantity" label={t('storeItems.form.quantity')} extra={t('storeItems.form.openingHint')}
            rules={[quantityCheck.rule]}>
            {/* Text, not a number spinner: «-5» or «12.5» stays as typed and is refused on the field, never made 0 or 13. */}
            <QuantityField limits={OPENING} style={{ width: 200 }} />
          </Form.Item>
        )}
      </div>
    </ResourceForm>
  );
}
