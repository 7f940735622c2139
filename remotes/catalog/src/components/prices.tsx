// A dealer's prices as the catalogue shows them: the list price struck through when the dealer's
// group has a discount, the dealer's own price, and the discount as «−7 %». Money goes through the
// format block (`1 234,50 ₽`), from the API's decimal strings.
import { useTranslation, type DealerProduct } from '@portal/shared';
import { formatCount, formatPercent, Money } from '@portal/shared/ui/format';
import { NoteTag } from '@portal/shared/ui/status-tag';

// The shared number formats, where the catalogue's screens have always taken them.
export { formatCount, formatPercent };

export function hasDiscount(product: Pick<DealerProduct, 'discount_percent'>): boolean {
  return Number(product.discount_percent) > 0;
}

/** «−7 %»: the minus sign, not a hyphen. */
export function DiscountTag({ percent }: { percent: string }) {
  const { language } = useTranslation('catalog');
  return <NoteTag>{`\u2212${formatPercent(percent, language)}`}</NoteTag>;
}

/** The list price, struck through when the dealer pays less. */
export function ListPrice({ product }: { product: Pick<DealerProduct, 'price' | 'discount_percent'> }) {
  return hasDiscount(product) ? <s><Money value={product.price} /></s> : <Money value={product.price} />;
}

/** The dealer's price with its discount beside it. */
export function DealerPrice({ product }: { product: Pick<DealerProduct, 'dealer_price' | 'discount_percent'> }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
      <strong><Money value={product.dealer_price} /></strong>
      {hasDiscount(product) && <DiscountTag percent={product.discount_percent} />}
    </span>
  );
}
