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

/**
 * Intl's formatters, made once per language and options and kept: making one costs far more than
 * formatting with it, and a list formats a price, a date and a count on each of its rows.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formatters.get(key) as T | undefined;
  if (!format) formatters.set(key, (format = make()));
  return format;
}
const numberFormat = (language: string, options: Intl.NumberFormatOptions) =>
  kept(`n ${language} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(localeOf(language), options));
const dateFormat = (language: string, options: Intl.DateTimeFormatOptions) =>
  kept(`d ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(localeOf(language), options));

/** `1 234,50 ₽` (ru) or `₽1,234.50` (en); an empty string for a missing or unreadable value. */
export function formatMoney(value: string | number | null | undefined, language: string, currency = 'RUB'): string {
  if (value === null || value === undefined || value === '' || Number.isNaN(Number(value))) return '';
  const format = numberFormat(language, {
    style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2,
  });
  return format.format(typeof value === 'string' ? (value.trim() as Decimal) : value);
}

/** A percentage as the language writes it: `5 %`, `7,5 %` (ru), `5%`, `7.5%` (en); empty for a missing value. */
export function formatPercent(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '' || Number.isNaN(Number(value))) return '';
  const number = numberFormat(language, { maximumFractionDigits: 2 }).format(Number(value));
  return language === 'en' ? `${number}%` : `${number}\u00a0%`;
}

/** A count grouped as the language writes it: `12 500` (ru), `12,500` (en). */
export function formatCount(value: number | string | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '' || Number.isNaN(Number(value))) return '';
  return numberFormat(language, { maximumFractionDigits: 3 }).format(Number(value));
}

export interface DateOptions {
  /** With the time of day (hours and minutes). */
  time?: boolean;
}

/** «1 ноября 2026 г.» / «1 November 2026», with `time` also «12:30»; empty for a missing value. */
export function formatDate(value: string | Date | null | undefined, language: string, options: DateOptions = {}): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(language, {
    day: 'numeric', month: 'long', year: 'numeric', ...(options.time ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
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
  const number = numberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number}\u00a0${units[unit]}`;
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
