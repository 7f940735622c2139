// The calculator's steps (design §5, key `steps`): category → product → quantity, then the result.
// What the slice holds came from the browser's storage, so it is read back only as far as each step
// is what it should be: a damaged or outdated entry ends the walk there instead of breaking it.
import type { CalculatorStep } from '@portal/shared';

export const STEP_KEYS = ['category', 'product', 'quantity'] as const;
export type StepKey = (typeof STEP_KEYS)[number];

/** The index of the result, shown once every step is chosen. */
export const RESULT_INDEX = STEP_KEYS.length;

export interface Choices {
  category?: string;
  product?: number;
  quantity?: number;
}

const valid: Record<StepKey, (value: unknown) => boolean> = {
  category: (value) => typeof value === 'string' && value.trim() !== '',
  product: (value) => typeof value === 'number' && Number.isInteger(value) && value > 0,
  quantity: (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1,
};

/** How many of the stored steps, from the first, are sound. */
export function soundSteps(steps: readonly CalculatorStep[]): number {
  let count = 0;
  while (count < STEP_KEYS.length && count < steps.length
    && steps[count].key === STEP_KEYS[count] && valid[STEP_KEYS[count]](steps[count].value)) count += 1;
  return count;
}

/** The chosen values of the sound steps. */
export function choicesOf(steps: readonly CalculatorStep[]): Choices {
  const sound = steps.slice(0, soundSteps(steps));
  const value = (key: StepKey) => sound.find((step) => step.key === key)?.value;
  return { category: value('category') as string | undefined, product: value('product') as number | undefined, quantity: value('quantity') as number | undefined };
}
