// Money in exact arithmetic (design §5): whole kopecks as bigint inside, two-place decimal strings
// ("1250.00") in the API, integer text in the database. Never a float.
/** A two-place decimal string as sent by a client: "1250", "1250.5" or "1250.50", not negative. */
export const MONEY_PATTERN = '^\\d{1,12}(\\.\\d{1,2})?$';
const money = new RegExp(MONEY_PATTERN);

/** Kopecks of a value that the route's schema has already checked against MONEY_PATTERN. */
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
