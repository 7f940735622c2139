// A product, new or edited (staff): «Артикул», «Название», «Описание», «Категория» (one of those in
// use, or a new one), «Единица», «Цена» (a money input: the API takes a decimal string) and whether
// it is on sale. A SKU another product has is an error on its field: asked of the API before
// saving, since its answer to a taken SKU (409) names no field; an answer that does name one lands
// on the field through the form binding. One column on a phone (below 768 px, antd's `md`).
import { useNavigate } from 'react-router-dom';
import AutoComplete from 'antd/es/auto-complete';
import Form from 'antd/es/form';
import { Col, Row } from 'antd/es/grid';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import { useTranslation, type ApiRequestBody, type Product } from '@portal/shared';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { useCategories } from '../../components/use-categories';
import { skuTaken } from './api';
import { productsArea } from './products-slice';
import './translations';

interface Values {
  sku: string;
  name: string;
  description: string;
  category: string;
  unit: string;
  /** A decimal string, as the input gives it in string mode ("1250.5"). */
  price: string | null;
  is_active: boolean;
}

/** What the API accepts in a SKU (api/src/areas/catalog.ts). */
const SKU_PATTERN = /^[0-9A-Za-zА-Яа-яЁё._/-]+$/;

export interface ProductFormProps {
  item?: Product;
  onSaved(product: Product): void;
  /** Where «Отмена» leads. */
  cancelTo: string;
}

export function ProductForm({ item, onSaved, cancelTo }: ProductFormProps) {
  const { t, language } = useTranslation('catalog');
  const navigate = useNavigate();
  const { categories } = useCategories();
  const binding = useResourceForm<Values, Product>({
    name: 'product',
    area: productsArea,
    id: item?.id,
    initialValues: item
      ? { sku: item.sku, name: item.name, description: item.description, category: item.category, unit: item.unit, price: item.price, is_active: item.is_active }
      : { sku: '', name: '', description: '', category: '', unit: 'шт', price: null, is_active: true },
    toBody: (values): ApiRequestBody<'/api/products/', 'post'> => ({
      sku: values.sku.trim(), name: values.name.trim(), description: values.description ?? '', category: values.category.trim(),
      unit: values.unit?.trim() || 'шт', price: Number(values.price).toFixed(2), is_active: values.is_active,
    }),
    saved: (saved, created) => t(created ? 'answers.productCreated' : 'answers.productSaved', { name: saved.name }),
    onSaved,
  });

  return (
    <ResourceForm binding={binding} onCancel={() => navigate(cancelTo)}>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={8}>
          <Form.Item name="sku" label={t('products.form.sku')} validateDebounce={300} rules={[
            { required: true, whitespace: true, message: t('products.form.skuRequired') },
            { pattern: SKU_PATTERN, message: t('products.form.skuPattern') },
            {
              validator: async (_rule, value: string) => {
                if (!value?.trim() || !SKU_PATTERN.test(value.trim()) || value.trim() === item?.sku) return;
                if (await skuTaken(value, item?.id)) throw new Error(t('products.form.skuTaken', { sku: value.trim() }));
              },
            },
          ]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={t('products.form.name')} rules={[{ required: true, whitespace: true, message: t('products.form.nameRequired') }]}>
            <Input maxLength={300} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="category" label={t('products.form.category')} rules={[{ required: true, whitespace: true, message: t('products.form.categoryRequired') }]}>
            <AutoComplete options={categories.map((c) => ({ value: c }))} maxLength={100}
              filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.toLowerCase())} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="unit" label={t('products.form.unit')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="price" label={t('products.form.price')} extra={t('products.form.priceHint')}
            rules={[{ required: true, message: t('products.form.priceRequired') }]}>
            <InputNumber<string> stringMode min="0" max="9999999999.99" precision={2} step="1"
              decimalSeparator={language === 'en' ? '.' : ','} suffix="₽" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="is_active" label={t('products.form.isActive')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('products.form.description')}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={20_000} />
          </Form.Item>
        </Col>
      </Row>
    </ResourceForm>
  );
}
