// The calculator's result: the list price, the discount of the dealer's group in percent, the
// dealer's price and the line total, the stock per warehouse with a warning when the quantity is
// more than is available, and «В корзину».
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { cartTotal, useTranslation, type DealerProduct } from '@portal/shared';
import { Money } from '@portal/shared/ui/format';
import { MutedText } from '@portal/shared/ui/text';
import { formatCount, formatPercent, ListPrice } from '../../components/prices';
import { useWarehouseStock } from '../../components/use-warehouse-stock';
import { WarehouseStockTable } from '../../components/warehouse-stock-table';
import { productLabel } from './choice-steps';

export interface ResultStepProps {
  product: DealerProduct;
  quantity: number;
  onAdd(product: DealerProduct, quantity: number): void;
  onBack(): void;
  onRestart(): void;
}

export function ResultStep({ product, quantity, onAdd, onBack, onRestart }: ResultStepProps) {
  const { t, language } = useTranslation('catalog');
  const stock = useWarehouseStock(product.id);
  const total = cartTotal([{ product: product.id, sku: product.sku, name: product.name, price: product.dealer_price, quantity }]);
  const short = quantity > product.available;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Descriptions bordered column={1} size="small" data-testid="calculator-result" items={[
        { key: 'product', label: t('calculator.result.product'), children: productLabel(product) },
        { key: 'list', label: t('calculator.result.listPrice'), children: <ListPrice product={product} /> },
        { key: 'discount', label: t('calculator.result.discount'), children: formatPercent(product.discount_percent, language) },
        { key: 'dealer', label: t('calculator.result.dealerPrice'), children: <Money value={product.dealer_price} /> },
        { key: 'quantity', label: t('calculator.result.quantity'), children: `${formatCount(quantity, language)} ${product.unit}` },
        { key: 'total', label: t('calculator.result.total'), children: <strong><Money value={total} /></strong> },
        { key: 'available', label: t('calculator.result.available'), children: `${formatCount(product.available, language)} ${product.unit}` },
      ]} />
      {short && (
        <Alert type="warning" showIcon title={t('calculator.result.short', { quantity: formatCount(quantity, language), available: formatCount(product.available, language), unit: product.unit })} />
      )}
      <WarehouseStockTable stock={stock} />
      <MutedText>{t('calculator.result.estimate')}</MutedText>
      <Flex gap={8} wrap>
        <Button onClick={onBack}>{t('calculator.back')}</Button>
        <Button type="primary" icon={<ShoppingCartOutlined aria-hidden />} onClick={() => onAdd(product, quantity)}>{t('cart.add')}</Button>
        <Button onClick={onRestart}>{t('calculator.restart')}</Button>
      </Flex>
    </Flex>
  );
}
