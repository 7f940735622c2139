// «Доступно 26 шт.: остальное — под заказ»: what a dealer is told, line by line, when a quantity is
// more than is available (issue 18 item 4). The order may still be placed; the rest waits for
// stock. Plain text marked in the theme's warning colour: the catalogue's list loads nothing new for it.
import antTheme from 'antd/es/theme';
import { useTranslation } from '@portal/shared';
import { formatCount } from './prices';

/** A unit as a Russian writes it after a number: «шт.» (an abbreviation), «м», «кг». */
export function unitAfterCount(unit: string, language: string): string {
  return language !== 'en' && unit === 'шт' ? 'шт.' : unit;
}

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

export function StockShort({ id, text }: { id?: string; text: string | null }) {
  const { token } = antTheme.useToken();
  if (!text) return null;
  // The text in the theme's text colour (antd's warning yellow fails WCAG AA as text), marked by a bar in the warning colour.
  return (
    <span id={id} data-testid="stock-short" style={{
      color: token.colorText, fontSize: token.fontSizeSM, lineHeight: token.lineHeightSM,
      borderInlineStart: `3px solid ${token.colorWarning}`, paddingInlineStart: 6,
    }}>{text}</span>
  );
}
