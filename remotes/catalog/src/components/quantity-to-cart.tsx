// A quantity (a spinbutton) and «В корзину» beside it, for a row of the catalogue or a product page.
import { useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { useTranslation } from '@portal/shared';
import type { CartProduct } from './use-add-to-cart';
import './translations';

export const MAX_QUANTITY = 1_000_000;

export interface QuantityToCartProps {
  product: CartProduct;
  onAdd(product: CartProduct, quantity: number): void;
  size?: 'small' | 'middle';
}

export function QuantityToCart({ product, onAdd, size = 'middle' }: QuantityToCartProps) {
  const { t } = useTranslation('catalog');
  const [quantity, setQuantity] = useState<number | null>(1);
  const valid = quantity !== null && Number.isInteger(quantity) && quantity >= 1;
  return (
    <Flex gap={4} align="center">
      <InputNumber<number> size={size} min={1} max={MAX_QUANTITY} precision={0} value={quantity} onChange={setQuantity}
        aria-label={t('cart.quantityOf', { name: product.name })} style={{ width: 84 }}
        onPressEnter={() => { if (valid) onAdd(product, quantity); }} />
      <Button size={size} type="primary" icon={<ShoppingCartOutlined aria-hidden />} disabled={!valid}
        onClick={() => { if (valid) onAdd(product, quantity); }}>
        {t('cart.add')}
      </Button>
    </Flex>
  );
}
