// What is short of a line (issue 18 item 4): «Доступно 26 шт.: остальное — под заказ» under a
// quantity in the catalogue and the cart, and a new order's shortage for the manager before
// «Подтвердить». One look everywhere: the text in the theme's text colour (antd's warning yellow
// fails WCAG AA as text), marked by a bar in the warning colour.
import { token } from './tokens';

/** A unit as a Russian writes it after a number: «шт.» (an abbreviation), «м», «кг». */
export function unitAfterCount(unit: string, language: string): string {
  return language !== 'en' && unit === 'шт' ? 'шт.' : unit;
}

/** How many units of `quantity` are not available; 0 when there is enough or nothing is known. */
export function shortBy(quantity: number, available: number | null | undefined): number {
  return available === null || available === undefined ? 0 : Math.max(0, quantity - available);
}

export function ShortNote({ id, text }: { id?: string; text: string | null }) {
  if (!text) return null;
  return (
    <span id={id} data-testid="stock-short" style={{
      color: token.colorText, fontSize: token.fontSizeSM, lineHeight: token.lineHeightSM,
      borderInlineStart: `3px solid ${token.colorWarning}`, paddingInlineStart: 6,
    }}>{text}</span>
  );
}
