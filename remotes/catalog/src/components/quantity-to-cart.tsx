// A quantity and «В корзину» beside it, for a row of the catalogue or a product page. The portal's
// one quantity field (@portal/shared/ui/quantity: on its own a plain field in antd's look, not
// InputNumber): what is typed stays as typed, and what it cannot take («-5»,
// «1,5», more than a line may hold) is said under it and goes to no cart, never rounded or read as
// another number («1,5» is not 15). Arrows, typing and Enter work as in a number field. A quantity
// above what is available says so under the field («Доступно 26 шт.: остальное — под заказ»); it
// may still go to the cart.
import { useId, useState } from 'react';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { MAX_LINE_QUANTITY, useTranslation } from '@portal/shared';
import { QuantityInput, quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { StockShort, useShortText } from './stock-short';
import type { CartProduct } from './use-add-to-cart';

/** The most of a product one cart line takes (the API's limit of an order line). */
export const MAX_QUANTITY = MAX_LINE_QUANTITY;
/** A cart line's quantity: 1 or more, whole (every product's unit is counted whole). */
export const LINE_LIMITS = { min: 1, max: MAX_QUANTITY } as const;

export interface QuantityToCartProps {
  product: CartProduct;
  onAdd(product: CartProduct, quantity: number): void;
  size?: 'small' | 'middle';
}

export function QuantityToCart({ product, onAdd, size = 'middle' }: QuantityToCartProps) {
  const { t } = useTranslation('catalog');
  const [text, setText] = useState('1');
  const problem = useQuantityCheck(LINE_LIMITS).messageOf(text);
  const quantity = quantityOf(text);
  const valid = problem === null;
  // Nothing available at all is said beside the price already («Нет в наличии»); the cart's message says «под заказ».
  const short = useShortText()(valid && product.available ? quantity : 0, product.available, product.unit);
  const shortId = useId();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 4 }}>
        <QuantityInput size={size} limits={LINE_LIMITS} value={text} onChange={(event) => setText(event.target.value)}
          error={problem} describedBy={short ? shortId : undefined}
          aria-label={t('cart.quantityOf', { name: product.name })} style={{ width: 84 }}
          onPressEnter={() => { if (valid) onAdd(product, quantity); }} />
        <PlainButton size={size} variant="primary" icon={<ShoppingCartOutlined />} disabled={!valid}
          onClick={() => { if (valid) onAdd(product, quantity); }}>
          {t('cart.add')}
        </PlainButton>
      </div>
      <StockShort id={shortId} text={short} />
    </div>
  );
}
