// A dealer's prices as the catalogue shows them: the list price struck through when the dealer's
// group has a discount, the dealer's own price, and the discount as «−7 %». Money goes through the
// format block (`1 234,50 ₽`), from the API's decimal strings.
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import { useTranslation, type DealerProduct } from '@portal/shared';
import { formatCount, formatPercent, Money } from '@portal/shared/ui/format';

// The shared number formats, where the catalogue's screens have always taken them.
export { formatCount, formatPercent };

export function hasDiscount(product: Pick<DealerProduct, 'discount_percent'>): boolean {
  return Number(product.discount_percent) > 0;
}

/** «−7 %»: the minus sign, not a hyphen. */
export function DiscountTag({ percent }: { percent: string }) {
  const { language } = useTranslation('catalog');
  return <Tag style={{ marginInlineEnd: 0 }}>{`\u2212${formatPercent(percent, language)}`}</Tag>;
}

/** The list price, struck through when the dealer pays less. */
export function ListPrice({ product }: { product: Pick<DealerProduct, 'price' | 'discount_percent'> }) {
  return hasDiscount(product) ? <s><Money value={product.price} /></s> : <Money value={product.price} />;
}

/** The dealer's price with its discount beside it. */
export function DealerPrice({ product }: { product: Pick<DealerProduct, 'dealer_price' | 'discount_percent'> }) {
  return (
    <Flex gap={6} align="center">
      <strong><Money value={product.dealer_price} /></strong>
      {hasDiscount(product) && <DiscountTag percent={product.discount_percent} />}
    </Flex>
  );
}
