// The calculator's three choices, each a small form: «Категория», «Товар», «Количество». Each opens
// with what was chosen before (a step gone back to), and «Далее» hands the choice to the calculator,
// which keeps it and discards the later steps when it changed.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { useTranslation, type DealerProduct, type Paginated } from '@portal/shared';
import { useApiGet } from '@portal/shared/ui/use-item';
import { formatMoney } from '@portal/shared/ui/format';
import { quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { QuantityField } from '@portal/shared/ui/quantity-field';
import { formatCount } from '../../components/prices';
import { LINE_LIMITS } from '../../components/quantity-to-cart';
import { useCategories } from '../../components/use-categories';
import { DEALER_PRODUCTS_PATH } from '../../components/catalog-paths';

interface StepProps<V> {
  initial?: V;
  onChoose(value: V, label: string): void;
  onBack?(): void;
}

function StepButtons({ onBack, submitText, disabled }: { onBack?(): void; submitText: string; disabled?: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <Flex gap={8}>
      {onBack && <Button onClick={onBack}>{t('calculator.back')}</Button>}
      <Button type="primary" htmlType="submit" disabled={disabled}>{submitText}</Button>
    </Flex>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation('catalog');
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} action={<Button size="small" onClick={onRetry}>{t('stock.retry')}</Button>} />;
}

export function CategoryStep({ initial, onChoose }: StepProps<string>) {
  const { t } = useTranslation('catalog');
  const { categories, loading, error, reload } = useCategories();
  return (
    <Form<{ category: string }> requiredMark={false} name="calculator-category" layout="vertical" initialValues={{ category: initial }}
      onFinish={({ category }) => onChoose(category, category)} style={{ maxWidth: 480 }}>
      {error && <LoadError message={error} onRetry={reload} />}
      <Form.Item name="category" label={t('calculator.category')} rules={[{ required: true, message: t('calculator.categoryRequired') }]}
        extra={!loading && !error && categories.length === 0 ? t('calculator.noCategories') : undefined}>
        <Select loading={loading} options={categories.map((c) => ({ value: c, label: c }))} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <StepButtons submitText={t('calculator.next')} />
    </Form>
  );
}

/** The category's products at the dealer's price (all of them: a category holds a few dozen). */
function useCategoryProducts(category: string) {
  const { data, status, error, reload } = useApiGet<Paginated<DealerProduct>>(DEALER_PRODUCTS_PATH, { category, page_size: 500, ordering: 'name' });
  return { products: data?.results ?? [], loading: status === 'loading', error: status === 'ready' || status === 'loading' ? null : error, reload };
}

export const productLabel = (product: Pick<DealerProduct, 'sku' | 'name'>) => `${product.sku} — ${product.name}`;

export function ProductStep({ category, initial, onChoose, onBack }: StepProps<number> & { category: string }) {
  const { t, language } = useTranslation('catalog');
  const { products, loading, error, reload } = useCategoryProducts(category);
  return (
    <Form<{ product: number }> requiredMark={false} name="calculator-product" layout="vertical" initialValues={{ product: initial }} style={{ maxWidth: 640 }}
      onFinish={({ product }) => {
        const chosen = products.find((p) => p.id === product);
        if (chosen) onChoose(chosen.id, productLabel(chosen));
      }}>
      {error && <LoadError message={error} onRetry={reload} />}
      <Form.Item name="product" label={t('calculator.product')} rules={[{ required: true, message: t('calculator.productRequired') }]}
        extra={!loading && !error && products.length === 0 ? t('calculator.noProducts') : undefined}>
        <Select loading={loading} showSearch={{ optionFilterProp: 'label' }}
          options={products.map((p) => ({ value: p.id, label: `${productLabel(p)} · ${formatMoney(p.dealer_price, language)}` }))} />
      </Form.Item>
      <StepButtons onBack={onBack} submitText={t('calculator.next')} disabled={loading} />
    </Form>
  );
}

export function QuantityStep({ product, initial, onChoose, onBack }: StepProps<number> & { product: DealerProduct }) {
  const { t, language } = useTranslation('catalog');
  // The quantity as typed, refused on the field when it is none (never rounded: «12.5» is not 13).
  const { rule } = useQuantityCheck(LINE_LIMITS);
  return (
    <Form<{ quantity: string }> requiredMark={false} name="calculator-quantity" layout="vertical" initialValues={{ quantity: String(initial ?? 1) }} style={{ maxWidth: 320 }}
      onFinish={({ quantity }) => onChoose(quantityOf(quantity), `${formatCount(quantityOf(quantity), language)} ${product.unit}`)}>
      <Form.Item name="quantity" label={t('calculator.quantity')} extra={t('calculator.availableHint', { available: formatCount(product.available, language), unit: product.unit })}
        rules={[rule]}>
        <QuantityField limits={LINE_LIMITS} suffix={product.unit} style={{ width: '100%' }} />
      </Form.Item>
      <StepButtons onBack={onBack} submitText={t('calculator.calculate')} />
    </Form>
  );
}
