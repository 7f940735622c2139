// The host's own home widget (design §3): the cart, which is shared state in the browser, in the same
// frame as the remotes' widgets. (The agreement to sign needs no widget: until a dealer signs, the
// cabinet shows the agreement itself in place of the home.)
import { Link } from 'react-router-dom';
import { selectCart, useAppSelector, useTranslation } from '@portal/shared';
import { formatMoney } from '@portal/shared/ui/format';
import { MutedText } from '@portal/shared/ui/text';
import type { PlacedEntry } from '../menu/menu-entries';
import { WidgetFrame } from './widget-frame';

/** The cart's total in cents, from its lines' decimal prices. */
const totalCents = (items: Array<{ price: string; quantity: number }>) => items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100) * item.quantity, 0);

/** The cart's lines and total with «Оформить заказ», for the user whose menu has the cart entry. */
export function CartWidget({ entry }: { entry: PlacedEntry }) {
  const { t, i18n } = useTranslation('host');
  const items = useAppSelector(selectCart);
  return (
    <WidgetFrame id="widget-cart" title={t('home.cart.title')} count={items.length}>
      {items.length === 0 ? <MutedText>{t('home.cart.empty')}</MutedText> : (
        <>
          <p className="home-widget-lead">
            {t('home.cart.lines', { count: items.length })} {t('home.cart.total', { total: formatMoney((totalCents(items) / 100).toFixed(2), i18n.language) })}
          </p>
          <Link to={entry.to} className="home-widget-action">{t('home.cart.checkout')}</Link>
        </>
      )}
    </WidgetFrame>
  );
}
