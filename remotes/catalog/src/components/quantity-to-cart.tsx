// A quantity (a spinbutton) and «В корзину» beside it, for a row of the catalogue or a product page.
// The browser's own number field (antd's plain Input, which the search box has loaded already) rather than
// antd's InputNumber: the catalogue's first screen stays within its budget without 8 KB for the
// spinner (design §8); arrows, typing and Enter work the same. A quantity above what is available
// says so under the field («Доступно 26 шт.: остальное — под заказ»); it may still go to the cart.
import { useId, useState } from 'react';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input/Input';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { useTranslation } from '@portal/shared';
import { StockShort, useShortText } from './stock-short';
import type { CartProduct } from './use-add-to-cart';

export const MAX_QUANTITY = 1_000_000;

export interface QuantityToCartProps {
  product: CartProduct;
  onAdd(product: CartProduct, quantity: number): void;
  size?: 'small' | 'middle';
}

export function QuantityToCart({ product, onAdd, size = 'middle' }: QuantityToCartProps) {
  const { t } = useTranslation('catalog');
  const [text, setText] = useState('1');
  const quantity = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = quantity >= 1 && quantity <= MAX_QUANTITY;
  // Nothing available at all is said beside the price already («Нет в наличии»); the cart's message says «под заказ».
  const short = useShortText()(valid && product.available ? quantity : 0, product.available, product.unit);
  const shortId = useId();
  return (
    <Flex vertical gap={2} align="start">
      <Flex gap={4} align="center">
        <Input type="number" inputMode="numeric" size={size} min={1} max={MAX_QUANTITY} step={1} value={text}
          onChange={(event) => setText(event.target.value)} aria-invalid={!valid || undefined}
          aria-label={t('cart.quantityOf', { name: product.name })} aria-describedby={short ? shortId : undefined} style={{ width: 84 }}
          onPressEnter={() => { if (valid) onAdd(product, quantity); }} />
        <Button size={size} type="primary" icon={<ShoppingCartOutlined aria-hidden />} disabled={!valid}
          onClick={() => { if (valid) onAdd(product, quantity); }}>
          {t('cart.add')}
        </Button>
      </Flex>
      <StockShort id={shortId} text={short} />
    </Flex>
  );
}
