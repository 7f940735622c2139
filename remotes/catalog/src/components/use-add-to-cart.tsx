// «В корзину»: a dealer's product goes into the browser-side cart at the dealer's price (the
// server prices the order again when it is placed), with a short confirmation. The confirmation is
// a small polite live region in the theme's colours, drawn by the screen as `holder` (antd's
// message would add its notification code to the catalogue's first load for this one line).
import { useEffect, useRef, useState } from 'react';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import antTheme from 'antd/es/theme';
import { addToCart, useAppDispatch, useTranslation, type DealerProduct } from '@portal/shared';
import { useShortText } from './stock-short';

export type CartProduct = Pick<DealerProduct, 'id' | 'sku' | 'name' | 'dealer_price' | 'unit'> & { available?: number };

/** How long the confirmation stays, as antd's message did. */
export const ADDED_SHOWN_MS = 3_000;

/** `backOrder`: a quantity above what is available adds «остальное — под заказ» to the message (the catalogue's rows and product page; the calculator's result says it by itself). */
export function useAddToCart({ backOrder = false }: { backOrder?: boolean } = {}) {
  const { t } = useTranslation('catalog');
  const { token } = antTheme.useToken();
  const dispatch = useAppDispatch();
  const shortText = useShortText();
  const [added, setAdded] = useState<{ text: string; key: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const add = (product: CartProduct, quantity: number) => {
    dispatch(addToCart({ product: product.id, sku: product.sku, name: product.name, price: product.dealer_price, quantity }));
    // More than is available: the confirmation says the rest is on back order.
    const short = backOrder ? shortText(quantity, product.available, product.unit) : null;
    const text = t('cart.added', { name: product.name, quantity, unit: product.unit });
    setAdded((last) => ({ text: short ? `${text}. ${short}` : text, key: (last?.key ?? 0) + 1 }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(null), ADDED_SHOWN_MS);
  };

  const holder = (
    <div role="status" aria-live="polite" style={{ position: 'fixed', top: 16, left: 0, right: 0, display: 'flex', justifyContent: 'center', pointerEvents: 'none', zIndex: token.zIndexPopupBase + 10 }}>
      {added && (
        <div key={added.key} style={{
          display: 'flex', alignItems: 'center', gap: 8, padding: '9px 12px', borderRadius: token.borderRadiusLG,
          background: token.colorBgElevated, color: token.colorText, boxShadow: token.boxShadow, pointerEvents: 'auto',
        }}>
          <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />
          <span>{added.text}</span>
        </div>
      )}
    </div>
  );
  return { add, holder };
}
