// The Russian tax id (INN, design §5): 10 digits for a company, 12 for a sole trader, the last one
// or two being check digits of the tax service. One rule for the API (400 on `tax_id`) and the
// registration form (refused before sending), so that the two never disagree.

const COMPANY_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const TRADER_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const TRADER_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** The check digit the tax service computes over the digits before it. */
function checkDigit(digits: number[], weights: number[]): number {
  return (weights.reduce((sum, weight, index) => sum + weight * digits[index], 0) % 11) % 10;
}

/** Whether `value` (spaces around it ignored) is a 10- or 12-digit INN whose check digits hold. */
export function isValidTaxId(value: string): boolean {
  const text = value.trim();
  if (!/^(\d{10}|\d{12})$/.test(text)) return false;
  const digits = [...text].map(Number);
  if (digits.length === 10) return checkDigit(digits, COMPANY_WEIGHTS) === digits[9];
  return checkDigit(digits, TRADER_WEIGHTS_11) === digits[10] && checkDigit(digits, TRADER_WEIGHTS_12) === digits[11];
}
