// «Доступно 26 шт.: остальное — под заказ»: what a dealer is told, line by line, when a quantity is
// more than is available (issue 18 item 4). The order may still be placed; the rest waits for
// stock. Plain text marked in the theme's warning colour: the catalogue's list loads nothing new for it.
import { useTranslation } from '@portal/shared';
import { formatCount } from '@portal/shared/ui/format';
import { unitAfterCount } from '@portal/shared/ui/short-note';

export { unitAfterCount };

/** The words for `quantity` against `available`; null when there is enough. */
export function useShortText(): (quantity: number, available: number | null | undefined, unit: string) => string | null {
  const { t, language } = useTranslation('catalog');
  return (quantity, available, unit) => {
    if (available === null || available === undefined || !(quantity > available)) return null;
    return available > 0
      ? t('cart.short', { available: formatCount(available, language), unit: unitAfterCount(unit, language) })
      : t('cart.noneShort');
  };
}

export { ShortNote as StockShort } from '@portal/shared/ui/short-note';
