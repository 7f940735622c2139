// Money and dates in the user's language (design §3 "Screens"): `1 234,50 ₽` in Russian,
// `₽1,234.50` in English; dates as the locale writes them. Money arrives as a decimal string
// ("1234.50", design §5) and is formatted from the string itself, so no float rounding creeps in.
// Blocks are bundled into each remote, so they import the page's singletons by the package's name:
// a relative import would give each remote its own copy of the store and the i18n instance.
import { useTranslation } from '@portal/shared';

const LOCALES: Record<string, string> = { ru: 'ru-RU', en: 'en-GB' };

/** The Intl locale of a UI language ('ru' → 'ru-RU'). */
export function localeOf(language: string): string {
  return LOCALES[language] ?? LOCALES.ru;
}

type Decimal = `${number}` | number;

// Numbers, money and dates are written out here by hand, exactly as Intl writes them for ru-RU and
// en-GB (format.test.tsx compares them with Intl over many values): the first Intl formatter a page
// makes loads ICU's locale data, 20-60 ms of a phone's main thread on the first draw of every screen
// that shows a price, a count or a date. Intl stays the fallback for what the hand path does not
// cover (another currency, a number in exponent form).
const SEPARATORS: Record<'ru' | 'en', { group: string; decimal: string }> = {
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};
const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A plain decimal ("-1234.567") as the language writes it: rounded half away from zero to at most
 * `max` fraction digits, at least `min`, the integer part grouped by thousands; null for anything
 * else (an exponent, a leading dot), which Intl then formats.
 */
function decimalText(value: string | number, language: string, min: number, max: number): string | null {
  const match = PLAIN_DECIMAL.exec(typeof value === 'string' ? value.trim() : Object.is(value, -0) ? '-0' : String(value));
  if (!match) return null;
  const [, sign, whole, given = ''] = match;
  let digits = whole + given;
  let scale = given.length;
  if (scale > max) {
    const roundUp = digits.charCodeAt(digits.length - scale + max) >= 53; // the first digit dropped is 5 or more
    digits = digits.slice(0, digits.length - scale + max);
    scale = max;
    if (roundUp) digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  let fraction = digits.slice(digits.length - scale);
  const integer = digits.slice(0, digits.length - scale).replace(/^0+(?=\d)/, '') || '0';
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  fraction = fraction.padEnd(min, '0');
  const { group, decimal } = SEPARATORS[language === 'en' ? 'en' : 'ru'];
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, group);
  return `${sign}${grouped}${fraction ? decimal + fraction : ''}`;
}

/** Intl's number formatters, for what the hand path leaves: made once per language and options and kept. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(localeOf(language), options)));
  return format;
}

/** A number with at most `max` fraction digits, grouped: by hand, or by Intl for what the hand path leaves. */
function formatNumber(value: string | number, language: string, max: number): string {
  return decimalText(value, language, 0, max) ?? numberFormat(language, { maximumFractionDigits: max }).format(Number(value));
}

const missing = (value: string | number | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value === '' || Number.isNaN(Number(value));

/** `1 234,50 ₽` (ru) or `₽1,234.50` (en); an empty string for a missing or unreadable value. */
export function formatMoney(value: string | number | null | undefined, language: string, currency = 'RUB'): string {
  if (missing(value)) return '';
  const amount = currency === 'RUB' ? decimalText(value, language, 2, 2) : null;
  if (amount !== null) {
    const minus = amount.startsWith('-') ? '-' : '';
    return language === 'en' ? `${minus}₽${amount.slice(minus.length)}` : `${amount}\u00a0₽`;
  }
  const format = numberFormat(language, {
    style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2,
  });
  return format.format(typeof value === 'string' ? (value.trim() as Decimal) : value);
}

/** A percentage as the language writes it: `5 %`, `7,5 %` (ru), `5%`, `7.5%` (en); empty for a missing value. */
export function formatPercent(value: string | number | null | undefined, language: string): string {
  if (missing(value)) return '';
  const number = formatNumber(value, language, 2);
  return language === 'en' ? `${number}%` : `${number}\u00a0%`;
}

/** A count grouped as the language writes it: `12 500` (ru), `12,500` (en). */
export function formatCount(value: number | string | null | undefined, language: string): string {
  if (missing(value)) return '';
  return formatNumber(value, language, 3);
}

export interface DateOptions {
  /** With the time of day (hours and minutes). */
  time?: boolean;
}

/** The months as a date names them: Russian in the genitive («1 ноября»), English as is. */
const MONTHS: Record<'ru' | 'en', readonly string[]> = {
  ru: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * «1 ноября 2026 г.» / «1 November 2026», with `time` also « в 12:30» / « at 12:30», in the browser's
 * time zone; empty for a missing value. Written out by hand, exactly as Intl.DateTimeFormat writes
 * these two (format.test.tsx compares every month and both languages with Intl): the first
 * DateTimeFormat a page makes loads ICU's calendar and patterns, 15-60 ms of a phone's main thread
 * on the first draw of any screen that shows a date.
 */
export function formatDate(value: string | Date | null | undefined, language: string, options: DateOptions = {}): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const english = language === 'en';
  const day = `${date.getDate()} ${MONTHS[english ? 'en' : 'ru'][date.getMonth()]} ${date.getFullYear()}${english ? '' : ' г.'}`;
  if (!options.time) return day;
  return `${day} ${english ? 'at' : 'в'} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** A size in bytes as «1,5 МБ» / «1.5 MB». */
export function formatFileSize(bytes: number, language: string): string {
  const units = language === 'en' ? ['B', 'KB', 'MB', 'GB'] : ['Б', 'КБ', 'МБ', 'ГБ'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, unit === 0 ? 0 : 1)}\u00a0${units[unit]}`;
}

export function Money({ value, currency }: { value: string | number | null | undefined; currency?: string }) {
  const { language } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, language, currency)}</span>;
}

export function Percent({ value }: { value: string | number | null | undefined }) {
  const { language } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatPercent(value, language)}</span>;
}

export function Count({ value }: { value: number | string | null | undefined }) {
  const { language } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatCount(value, language)}</span>;
}

/** A date in a <time> element, so that its machine-readable value stays with it. */
export function DateText({ value, time }: { value: string | null | undefined; time?: boolean }) {
  const { language } = useTranslation();
  if (!value) return null;
  return <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>{formatDate(value, language, { time })}</time>;
}

export function FileSize({ bytes }: { bytes: number }) {
  const { language } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{formatFileSize(bytes, language)}</span>;
}
