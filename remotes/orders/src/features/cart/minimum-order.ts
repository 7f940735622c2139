// How far the cart is from the minimum order total (design §5: money in exact decimals). The
// minimum is an administrator's text and may read «10 000,50»; it is read as the API reads it.

/** A decimal amount as whole kopecks, or null when it is not one. */
export function kopecksOf(amount: string): number | null {
  const text = amount.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** What is missing to reach `minimum`, as a decimal string; null when nothing is (or the minimum is unreadable). */
export function amountMissing(total: string, minimum: string): string | null {
  const have = kopecksOf(total);
  const need = kopecksOf(minimum);
  if (have === null || need === null || have >= need) return null;
  return ((need - have) / 100).toFixed(2);
}

/** An amount as a decimal string with two places («10 000,5» → "10000.50"); null when it is not one. */
export function decimalOf(amount: string): string | null {
  const kopecks = kopecksOf(amount);
  return kopecks === null ? null : (kopecks / 100).toFixed(2);
}
