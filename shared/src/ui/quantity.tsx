// A quantity as typed (issue 18 item 3), the one way for every quantity field of the portal: the
// field keeps the text, and what it cannot take (negative, a fraction for a unit that has none, more
// than a limit, not a number at all) is refused with a message on the field, never rounded or
// clamped: «-5» is not 0 or 1, «12.5» is not 13, «1,5» is not 15. The form (or the screen) sends the
// number `quantityOf` reads from a checked text. A text field rather than antd's InputNumber, whose
// `min` and `precision` change the value on blur; a spin button, as the number fields it replaced were
// (the arrows step it). QuantityInput is plain markup in antd's look (a list's row, the cart, the quick
// order: no antd on their first draw); inside antd's Form.Item, QuantityField (quantity-field.tsx).
import { useId, type ChangeEvent, type CSSProperties, type KeyboardEvent, type Ref } from 'react';
import type { Rule } from 'antd/es/form';
import { token } from './tokens';
import { addTranslations, useTranslation } from '@portal/shared';
import { formatCount } from './format';
import './plain-field.css';

/**
 * The field's own words (namespace `quantity`), here rather than with the other blocks' words: a
 * screen with a quantity field but no list (the calculator) does not load every block's words for
 * six messages, and a list without one does not carry them.
 */
export const QUANTITY_NAMESPACE = 'quantity';
export const QUANTITY_WORDS = {
  ru: {
    required: 'Введите количество', number: 'Введите количество числом',
    negative: 'Количество не может быть отрицательным', positive: 'Количество должно быть больше нуля',
    whole: 'Только целое число: дробной части у этого товара нет', tooLarge: 'Не больше {{max}}',
  },
  en: {
    required: 'Enter a quantity', number: 'Enter the quantity as a number',
    negative: 'The quantity cannot be negative', positive: 'The quantity must be more than zero',
    whole: 'Whole numbers only: this product has no fractions', tooLarge: 'At most {{max}}',
  },
};
let wordsAdded = false;

/** The most units a store item may hold (the API's limit, api/src/lib/stock.ts MAX_STOCK); an order line's is MAX_LINE_QUANTITY. */
export const MAX_STOCK = 1_000_000_000;

export interface QuantityLimits {
  /** The least quantity: 0 where zero is a total (a stock count), 1 where a line needs something (the default). */
  min?: 0 | 1;
  /** The most the field takes. */
  max: number;
  /**
   * Whole numbers only (the default). Every quantity the API takes is a whole number of the product's
   * unit (шт, упак, м…), so a fraction is refused; `false` only for a measure that has fractions.
   */
  whole?: boolean;
}

export type QuantityProblem = 'required' | 'number' | 'negative' | 'positive' | 'whole' | 'tooLarge';

/** Digits, optionally grouped by threes with spaces («1 200», «1 000 000»), optionally with a fraction after «.» or «,». */
const QUANTITY = /^[-+]?(\d+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+)([.,]\d+)?$/;

const compact = (text: unknown) => String(text ?? '').trim();

/** The number a quantity's text stands for («1 200» → 1200, «1,5» → 1.5), NaN when it is none. */
export function quantityOf(text: unknown): number {
  const value = compact(text);
  if (!QUANTITY.test(value)) return Number.NaN;
  return Number(value.replace(/[ \u00a0\u202f]/g, '').replace(',', '.'));
}

/** What is wrong with `text` as a quantity within `limits`, or null when it is one. */
export function quantityProblem(text: unknown, { min = 1, max, whole = true }: QuantityLimits): QuantityProblem | null {
  if (compact(text) === '') return 'required';
  const number = quantityOf(text);
  if (!Number.isFinite(number)) return 'number';
  if (number < 0) return 'negative';
  if (whole && !Number.isInteger(number)) return 'whole';
  if (number < min) return 'positive';
  if (number > max) return 'tooLarge';
  return null;
}

/** The checker of a quantity field in the user's language: a message for what is wrong, and the form rule that says it on the field. */
export function useQuantityCheck(limits: QuantityLimits): { messageOf(text: unknown): string | null; rule: Rule } {
  if (!wordsAdded) {
    wordsAdded = true;
    addTranslations(QUANTITY_NAMESPACE, QUANTITY_WORDS);
  }
  const { t, language } = useTranslation(QUANTITY_NAMESPACE);
  const messageOf = (text: unknown): string | null => {
    const problem = quantityProblem(text, limits);
    if (!problem) return null;
    return t(problem, { max: formatCount(limits.max, language) });
  };
  const rule: Rule = {
    validator: async (_rule, text: unknown) => {
      const message = messageOf(text);
      if (message) throw new Error(message);
    },
  };
  return { messageOf, rule };
}

/** What a quantity field takes, on its own or in a form. */
export interface QuantityFieldProps {
  /** The text as typed (a number is shown as its digits). */
  value?: string | number | null;
  onChange?(event: ChangeEvent<HTMLInputElement>): void;
  onPressEnter?(event: KeyboardEvent<HTMLInputElement>): void;
  onBlur?(): void;
  /** The field's range, for the arrow keys (a step of 1 within it) and assistive technology. */
  limits?: QuantityLimits;
  /** More descriptions of the field (their ids), such as a shortage note under it. */
  describedBy?: string;
  id?: string;
  size?: 'small' | 'middle' | 'large';
  suffix?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

export interface QuantityInputProps extends QuantityFieldProps {
  /** What is wrong with the text, said under the field (its `aria-describedby`), the field marked `aria-invalid`. */
  error: string | null | undefined;
  /**
   * Where the caller says `error` itself (a QuantityMessage of this id, under a row of the field and
   * its button, say): the field is described by it and draws no message of its own.
   */
  errorId?: string;
  /** Marked wrong though its words are elsewhere (a server's refusal of the line, say). */
  invalid?: boolean;
  /** Shown as a warning (a shortage, say) when there is no error. */
  warning?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * What every quantity field shares: its text, the attributes of a spin button with digits on a
 * phone's keyboard, and the up and down arrows stepping a whole quantity by one within its limits
 * (anything else typed stays as it is until it is corrected).
 */
export function quantityField(value: QuantityFieldProps['value'], limits: QuantityLimits | undefined, onChange: QuantityFieldProps['onChange']) {
  const text = value === null || value === undefined ? '' : String(value);
  const number = quantityOf(text);
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    const by = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (!by || !Number.isInteger(number)) return;
    event.preventDefault();
    const least = limits?.min ?? 1;
    const next = Math.min(Math.max(number + by, least), limits?.max ?? Number.MAX_SAFE_INTEGER);
    if (next === number) return;
    // As the field's own change: a form item reads `target.value`, as from a typed character.
    onChange?.({ target: { value: String(next) } } as ChangeEvent<HTMLInputElement>);
  };
  const field = { value: text, role: 'spinbutton', inputMode: 'numeric', autoComplete: 'off', maxLength: 20, 'aria-valuenow': Number.isFinite(number) ? number : undefined } as const;
  return { field, step };
}

/**
 * A quantity field on its own (a list's row, the cart): plain markup in antd's look
 * (plain-field.css), its message under it.
 */
export function QuantityInput({ value, limits, error, errorId, invalid, warning, describedBy, style, ...props }: QuantityInputProps) {
  const ownId = useId();
  const messageId = errorId ?? ownId;
  const { field, step } = quantityField(value, limits, props.onChange);
  const described = [props['aria-describedby'], describedBy, error ? messageId : undefined].filter(Boolean).join(' ') || undefined;
  const status = error || invalid ? 'error' : warning ? 'warning' : undefined;
  const { onPressEnter, size, suffix: _suffix, ref, ...rest } = props;
  const input = (
    <input {...rest} {...field} ref={ref} aria-describedby={described} aria-invalid={error || invalid ? true : undefined}
      className={['pf', size === 'small' && 'pf-small', status && `pf-${status}`].filter(Boolean).join(' ')} style={{ width: 120, ...style }}
      onKeyDown={(event) => { step(event); if (event.key === 'Enter') onPressEnter?.(event); }} />
  );
  if (errorId) return input;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 2, maxWidth: '100%' }}>
      {input}
      <QuantityMessage id={messageId} text={error} />
    </span>
  );
}

/** What is wrong with a quantity field's text, in the theme's error colour; nothing when it is right. */
export function QuantityMessage({ id, text }: { id: string; text: string | null | undefined }) {
  if (!text) return null;
  return <span id={id} role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>{text}</span>;
}
