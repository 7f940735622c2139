// «В корзину»: a dealer's product goes into the browser-side cart at the dealer's price (the
// server prices the order again when it is placed), with a short confirmation. The confirmation
// is antd's message through its hook, so it follows the page's theme; the screen renders `holder`.
import message from 'antd/es/message';
import { addToCart, useAppDispatch, useTranslation, type DealerProduct } from '@portal/shared';
import './translations';

export type CartProduct = Pick<DealerProduct, 'id' | 'sku' | 'name' | 'dealer_price' | 'unit'>;

export function useAddToCart() {
  const { t } = useTranslation('catalog');
  const dispatch = useAppDispatch();
  const [api, holder] = message.useMessage();
  const add = (product: CartProduct, quantity: number) => {
    dispatch(addToCart({ product: product.id, sku: product.sku, name: product.name, price: product.dealer_price, quantity }));
    void api.success(t('cart.added', { name: product.name, quantity, unit: product.unit }));
  };
  return { add, holder };
}
