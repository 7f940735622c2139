import fc from 'fast-check';
import { isValidTaxId } from './tax-id';

// Published INNs: the Federal Tax Service itself, Sberbank, and a sole trader's from the tax service's own examples.
it.each(['7707329152', '7707083893', '500100732259'])('accepts the real INN %s', (inn) => {
  expect(isValidTaxId(inn)).toBe(true);
  expect(isValidTaxId(` ${inn} `)).toBe(true);
});

it.each(['7707329153', '500100732258', '500100732269', '770732915', '77073291520', '770708389a', '', '7707-32915'])('refuses %j', (inn) => {
  expect(isValidTaxId(inn)).toBe(false);
});

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length });

it('of the ten variants of a company INN\'s last digit, exactly one is valid', () => {
  fc.assert(fc.property(digits(9), (body) => {
    const valid = [...Array(10).keys()].filter((last) => isValidTaxId(`${body.join('')}${last}`));
    expect(valid).toHaveLength(1);
  }));
});

it('of the hundred variants of a sole trader INN\'s last two digits, exactly one is valid', () => {
  fc.assert(fc.property(digits(10), (body) => {
    const valid = [...Array(100).keys()].filter((last) => isValidTaxId(`${body.join('')}${String(last).padStart(2, '0')}`));
    expect(valid).toHaveLength(1);
  }));
});

it('any string that is not 10 or 12 digits is refused', () => {
  fc.assert(fc.property(fc.string(), (text) => {
    fc.pre(!/^\s*(\d{10}|\d{12})\s*$/.test(text));
    expect(isValidTaxId(text)).toBe(false);
  }));
});
