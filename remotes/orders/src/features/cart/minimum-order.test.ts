import { amountMissing, decimalOf, kopecksOf } from './minimum-order';

it('amounts are read in exact kopecks, as an administrator may type them', () => {
  expect(['5000.00', '5000', '10 000,5', '0.01', '12.3'].map(kopecksOf)).toEqual([500000, 500000, 1000050, 1, 1230]);
  expect(['', 'пять', '1.234', '-5', '1e3'].map(kopecksOf)).toEqual([null, null, null, null, null]);
  expect(decimalOf('10 000,5')).toBe('10000.50');
});

it('what is missing to the minimum, in exact decimals; nothing once it is reached', () => {
  expect(amountMissing('2799.70', '5000.00')).toBe('2200.30');
  expect(amountMissing('0.10', '0.30')).toBe('0.20');
  expect(amountMissing('5000.00', '5000')).toBeNull();
  expect(amountMissing('6000.00', '5000.00')).toBeNull();
  expect(amountMissing('100.00', 'не задано')).toBeNull();
});
