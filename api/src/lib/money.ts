// Money in exact arithmetic (design §5): whole kopecks as bigint inside, two-place decimal strings
// ("1250.00") in the API, integer text in the database. Never a float.
import { ApiError } from './api-error';

/** A two-place decimal string, not negative: the stored `min_order_total` variable is checked with it. */
export const MONEY_PATTERN = '^\\d{1,12}(\\.\\d{1,2})?$';
const money = new RegExp(MONEY_PATTERN);

/** Kopecks of a value already checked against MONEY_PATTERN. */
export function parseMoney(text: string): bigint {
  if (!money.test(text)) throw new Error(`Not a money value: ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** A stored amount (a number from SQLite, text from PostgreSQL) as kopecks. */
export const centsOf = (stored: string | number | bigint): bigint => BigInt(stored);

export function formatMoney(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const MONEY_WORDS = {
  ru: new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * An amount as a message shows it in each language, as the screens write money (issue 18 item 3):
 * «1 000,00» and «1,000.00», the ₽ in the message. Up to 12 whole digits, exact as a double.
 */
export function moneyWords(cents: bigint): { ru: string; en: string } {
  const amount = Number(cents) / 100;
  return { ru: MONEY_WORDS.ru.format(amount), en: MONEY_WORDS.en.format(amount) };
}

export const storedMoney = (cents: bigint): string => cents.toString();

/** Hundredths of a percent from a stored discount (numeric(5,2): text from pg, a number from SQLite). */
export function basisPointsOf(percent: string | number): bigint {
  return BigInt(Math.round(Number(percent) * 100));
}

/** The price after a percentage discount, rounded half up to the kopeck. */
export function discounted(cents: bigint, discountBasisPoints: bigint): bigint {
  const numerator = cents * (10_000n - discountBasisPoints);
  return (numerator + 5_000n) / 10_000n;
}

// ---------------------------------------------------------------------------------------------
// Decimal input as DRF's DecimalField takes it (design §6): a JSON number or a decimal string
// ("12", "12.5", " 12.50 ", "1e3", ".5"); more decimal places or digits than the field keeps, or a
// value out of range, is a 400 on that field. Places are counted as written, trailing zeros too
// ("1.500" has three), as DRF does.

export interface DecimalField {
  /** Digits kept after the point. */
  places: number;
  /** Digits in all (DRF's max_digits). */
  digits: number;
  /** Smallest and largest value, in units of 10^-places. */
  min: bigint;
  max: bigint;
}

/** Money fields: up to 999 999 999 999.99, not negative. */
export const MONEY_FIELD: DecimalField = { places: 2, digits: 14, min: 0n, max: 99_999_999_999_999n };
/** A discount in percent: 0–100 with two places. */
export const PERCENT_FIELD: DecimalField = { places: 2, digits: 5, min: 0n, max: 10_000n };

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?$/;

/**
 * The value in units of 10^-places (kopecks for money, hundredths for a percent), or a 400 naming
 * `field`. A JSON number arrives as JavaScript's shortest text for it ("12.5", "1e-7"), which is
 * what the client wrote for every value a money field can hold.
 */
export function parseDecimal(value: string | number, field: string, spec: DecimalField): bigint {
  const bad = (code: 'field_decimal' | 'field_decimal_places' | 'field_decimal_digits' | 'field_too_small' | 'field_too_large') =>
    new ApiError(400, 'invalid', { [field]: [code] }, { places: String(spec.places), digits: String(spec.digits) });
  if (typeof value === 'number' && !Number.isFinite(value)) throw bad('field_decimal');
  const text = String(value).trim();
  const match = text.length <= 40 ? DECIMAL_TEXT.exec(text) : null;
  if (!match || (match[2] === '' && !match[3])) throw bad('field_decimal');
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  // The written digits and where the point sits: value = ±digits × 10^(exponent − fraction length).
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  const scale = fraction.length - exponent;
  const places = Math.max(0, scale);
  if (places > spec.places) throw bad('field_decimal_places');
  const significant = digits.replace(/^0+/, '');
  const total = Math.max(significant.length + Math.max(0, -scale), places);
  if (total > spec.digits) throw bad('field_decimal_digits');
  const units = BigInt(digits || '0') * 10n ** BigInt(spec.places - scale);
  const signed = sign === '-' ? -units : units;
  if (signed < spec.min) throw bad('field_too_small');
  if (signed > spec.max) throw bad('field_too_large');
  return signed;
}

/** Units of 10^-places as the API's decimal string: 1250n, 2 places → "12.50". */
export function formatDecimal(units: bigint, places: number): string {
  if (places === 0) return units.toString();
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const scale = 10n ** BigInt(places);
  return `${sign}${abs / scale}.${String(abs % scale).padStart(places, '0')}`;
}
