// A stock quantity as typed (issue 18 item 3): taken only when it is a whole number in range, and
// otherwise refused with a message on the field, never rounded or clamped («-5» is not 0, «12.5» is
// not 13). The field keeps the text; the form sends the number this reads from it.
import type { Rule } from 'antd/es/form';

/** The most units a store item may hold (the API's limit, lib/stock.ts MAX_STOCK). */
export const MAX_STOCK = 1_000_000_000;

export type QuantityProblem = 'required' | 'number' | 'negative' | 'positive' | 'whole' | 'tooLarge';

/** What is wrong with `text` as a quantity (`zero`: 0 is allowed, a total), or null when it is one. */
export function quantityProblem(text: unknown, zero: boolean): QuantityProblem | null {
  const value = String(text ?? '').trim().replace(/[\s\u00a0]/g, '');
  if (value === '') return 'required';
  if (!/^[-+]?\d+([.,]\d+)?$/.test(value)) return 'number';
  const number = Number(value.replace(',', '.'));
  if (number < 0) return zero ? 'negative' : 'positive';
  if (!Number.isInteger(number)) return 'whole';
  if (number === 0 && !zero) return 'positive';
  if (number > MAX_STOCK) return 'tooLarge';
  return null;
}

/** The number of a checked quantity's text («1 200» → 1200). */
export const quantityOf = (text: unknown): number => Number(String(text ?? '').trim().replace(/[\s\u00a0]/g, ''));

/** The form rule of a quantity field, its messages in the user's language. */
export function quantityRule(t: (key: string, values?: Record<string, unknown>) => string, zero: boolean, max: string): Rule {
  return {
    validator: async (_rule, text: unknown) => {
      const problem = quantityProblem(text, zero);
      if (problem) throw new Error(t(`storeItems.quantity.${problem}`, { max }));
    },
  };
}
