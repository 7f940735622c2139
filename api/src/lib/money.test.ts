import { ApiError } from './api-error';
import { formatDecimal, MONEY_FIELD, parseDecimal, PERCENT_FIELD } from './money';

const fieldError = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.statusCode, fields: err.fields, values: err.values };
    throw err;
  }
  throw new Error('expected a 400');
};

describe('decimal input as DRF takes it', () => {
  test.each([
    ['1250', 125_000n], ['1250.5', 125_050n], ['1250.50', 125_050n], [' 7.25 ', 725n], ['.5', 50n], ['5.', 500n],
    ['1e3', 100_000n], ['1.5E+2', 15_000n], ['0.00', 0n], ['+3', 300n], ['0012.30', 1_230n],
    [12.5, 1_250n], [0, 0n], [1e3, 100_000n], [999_999_999_999.99, 99_999_999_999_999n],
  ])('money %p is %p kopecks', (input, units) => {
    expect(parseDecimal(input, 'price', MONEY_FIELD)).toBe(units);
  });

  test.each([
    ['1.234', 'field_decimal_places'], [1.234, 'field_decimal_places'], ['1.500', 'field_decimal_places'], [1e-7, 'field_decimal_places'],
    ['123456789012345', 'field_decimal_digits'], ['1234567890123', 'field_too_large'], [1e21, 'field_decimal_digits'], ['0e99', 'field_decimal_digits'],
    ['-1', 'field_too_small'], [-0.01, 'field_too_small'],
    ['abc', 'field_decimal'], ['', 'field_decimal'], ['.', 'field_decimal'], ['1,5', 'field_decimal'], ['NaN', 'field_decimal'],
    ['Infinity', 'field_decimal'], ['0x10', 'field_decimal'], ['1e', 'field_decimal'], [Number.NaN, 'field_decimal'], ['9'.repeat(41), 'field_decimal'],
  ])('money %p is a 400 with %s on the field', (input, code) => {
    const error = fieldError(() => parseDecimal(input, 'price', MONEY_FIELD));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ price: [code] });
  });

  test('a percent is 0–100 with two places', () => {
    expect(parseDecimal(7, 'discount_percent', PERCENT_FIELD)).toBe(700n);
    expect(parseDecimal('100.00', 'discount_percent', PERCENT_FIELD)).toBe(10_000n);
    expect(fieldError(() => parseDecimal('100.01', 'discount_percent', PERCENT_FIELD)).fields).toEqual({ discount_percent: ['field_too_large'] });
    expect(fieldError(() => parseDecimal('1000', 'discount_percent', PERCENT_FIELD)).fields).toEqual({ discount_percent: ['field_too_large'] });
    expect(fieldError(() => parseDecimal('7.125', 'discount_percent', PERCENT_FIELD)).values).toEqual({ places: '2', digits: '5' });
  });

  test('answers are decimal strings with the field\'s places', () => {
    expect(formatDecimal(725n, 2)).toBe('7.25');
    expect(formatDecimal(5n, 2)).toBe('0.05');
    expect(formatDecimal(-5n, 2)).toBe('-0.05');
    expect(formatDecimal(12n, 0)).toBe('12');
  });
});
