// A dealer's prices as the catalogue shows them: the list price struck through when the dealer's
// group has a discount, the dealer's own price, and the discount as «−7 %». Money goes through the
// format block (`1 234,50 ₽`), from the API's decimal strings.
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import { useTranslation, type DealerProduct } from '@portal/shared';
import { localeOf, Money } from '@portal/shared/ui/format';

/** `7 %` (ru, with a no-break space) or `7%` (en); decimals only when the group has them (`2,5 %`). */
export function formatPercent(value: string | number, language: string): string {
  const number = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(Number(value));
  return language === 'en' ? `${number}%` : `${number}\u00a0%`;
}

/** A count as the language writes it: `12 500` (ru), `12,500` (en). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 0 }).format(value);
}

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
