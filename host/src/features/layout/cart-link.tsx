// The header's cart icon (design §13): a link to the cart with the number of units in it. It is in
// the shell on every page, so it is drawn from theme tokens and an icon the menu already loads, not
// from antd's Badge (one more chunk on every cabinet load, design §8). Where it leads and who sees it
// come from the menu data, as everything else in the host: the entry keyed `cart` (the orders remote
// publishes it for dealers), so the host names no remote.
import { Link } from 'react-router-dom';
import { token } from '@portal/shared/ui/tokens';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import { addTranslations, selectCartCount, useAppSelector, useTranslation } from '@portal/shared';
import type { PlacedEntry } from '../menu/menu-entries';

/** The key of the menu entry the cart icon stands for. */
export const CART_ENTRY_KEY = 'cart';

addTranslations('host', {
  ru: { cartLink: { label: 'Корзина: {{count}} шт.', empty: 'Корзина пуста' } },
  en: { cartLink: { label: 'Cart: {{count}} units', empty: 'The cart is empty' } },
});

export interface CartLinkProps {
  /** The user's menu entry keyed `cart`; without one (another role, a remote not there) no icon is drawn. */
  entry: PlacedEntry | undefined;
  /** Called on hover or focus, to fetch the entry's remote ahead of the click. */
  onIntent?(remote: string): void;
}

export function CartLink({ entry, onIntent }: CartLinkProps) {
  const { t } = useTranslation('host');
  const count = useAppSelector(selectCartCount);
  if (!entry) return null;
  const intent = () => onIntent?.(entry.remote);
  // A block-level flex box: an inline one sits by its baseline in the header's 56 px line, too high.
  return (
    <Link to={entry.to} aria-label={count > 0 ? t('cartLink.label', { count }) : t('cartLink.empty')} data-testid="cart-link"
      onMouseEnter={intent} onFocus={intent}
      style={{ position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'center', width: 36, height: 36, borderRadius: token.borderRadius, color: token.colorText, lineHeight: 1 }}>
      <ShoppingCartOutlined aria-hidden style={{ fontSize: 20 }} />
      {count > 0 && (
        // The error red with the page's background colour as text: 4.5:1 or more in both themes.
        <span aria-hidden style={{
          position: 'absolute', top: 0, insetInlineEnd: -4, minWidth: 18, height: 18, padding: '0 5px', boxSizing: 'border-box', borderRadius: 9,
          background: token.colorError, color: token.colorBgContainer, fontSize: 11, fontWeight: 600, lineHeight: '18px', textAlign: 'center',
        }}>
          {count > 999 ? '999+' : count}
        </span>
      )}
    </Link>
  );
}
