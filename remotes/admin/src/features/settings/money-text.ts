// Money as people type and read it (issue 18 item 3): `1 234,50` in Russian, `1,234.50` in English,
// to and from the API's decimal string (`"1234.50"`, design §5). Nothing is rounded or clamped
// quietly: what cannot be read as an amount of roubles and kopecks is refused, with the reason.
import { localeOf } from '@portal/shared/ui/format';

/** `"1234.5"` → `1 234,50` (ru) or `1,234.50` (en); '' for an empty value. */
export function moneyText(value: string, language: string): string {
  if (value.trim() === '' || Number.isNaN(Number(value))) return value;
  const [whole, fraction = ''] = value.trim().split('.');
  const grouped = new Intl.NumberFormat(localeOf(language), { useGrouping: true, maximumFractionDigits: 0 }).format(BigInt(whole));
  return `${grouped}${language === 'en' ? '.' : ','}${fraction.padEnd(2, '0').slice(0, 2)}`;
}

export type MoneyReading = { value: string } | { error: 'format' | 'negative' };

/**
 * What the user typed, as the API's decimal string ('' for nothing typed: no value). Group
 * separators are spaces (any kind) in Russian and commas in English; the decimal point is a comma
 * or a point in Russian, a point in English; at most two decimal places.
 */
export function readMoney(text: string, language: string): MoneyReading {
  let plain = text.replace(/[\s\u00a0\u202f₽]/g, '');
  if (plain === '') return { value: '' };
  if (plain.startsWith('-')) return { error: 'negative' };
  plain = language === 'en' ? plain.replace(/,(?=\d{3}(\D|$))/g, '') : plain.replace(',', '.');
  const match = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(plain);
  if (!match) return { error: 'format' };
  return { value: `${BigInt(match[1]).toString()}.${(match[2] ?? '').padEnd(2, '0')}` };
}
