// «В корзину»: a dealer's product goes into the browser-side cart at the dealer's price (the
// server prices the order again when it is placed), and the portal's one answer says so
// («В корзину добавлено: …», useSay), as after every other action.
import { addToCart, useAppDispatch, useTranslation, type DealerProduct } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { useShortText } from './stock-short';

export type CartProduct = Pick<DealerProduct, 'id' | 'sku' | 'name' | 'dealer_price' | 'unit'> & { available?: number };

/** `backOrder`: a quantity above what is available adds «остальное — под заказ» to the message (the catalogue's rows and product page; the calculator's result says it by itself). */
export function useAddToCart({ backOrder = false }: { backOrder?: boolean } = {}) {
  const { t } = useTranslation('catalog');
  const dispatch = useAppDispatch();
  const say = useSay();
  const shortText = useShortText();

  const add = (product: CartProduct, quantity: number) => {
    dispatch(addToCart({ product: product.id, sku: product.sku, name: product.name, price: product.dealer_price, quantity }));
    // More than is available: the answer says the rest is on back order.
    const short = backOrder ? shortText(quantity, product.available, product.unit) : null;
    const text = t('cart.added', { name: product.name, quantity, unit: product.unit });
    say(short ? `${text}. ${short}` : text);
  };
  return { add };
}
