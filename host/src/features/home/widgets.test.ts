import { fieldText, itemLink, waited } from './widgets';

const now = Date.parse('2026-11-27T12:00:00Z');

it('how long an item has waited: under a minute, minutes, hours, then days; an unreadable date says nothing', () => {
  expect(waited('2026-11-27T11:59:30Z', now)).toEqual({ unit: 'moment', count: 0 });
  expect(waited('2026-11-27T11:55:00Z', now)).toEqual({ unit: 'minutes', count: 5 });
  expect(waited('2026-11-27T09:59:00Z', now)).toEqual({ unit: 'hours', count: 2 });
  expect(waited('2026-11-24T11:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
  // A clock a little ahead of the server's never makes a negative age.
  expect(waited('2026-11-27T12:00:20Z', now)).toEqual({ unit: 'moment', count: 0 });
  expect(waited('вчера', now)).toBeNull();
  expect(waited(undefined, now)).toBeNull();
});

it('an item\'s link takes its fields, escaped; a field it lacks stays as written', () => {
  expect(itemLink('/orders/:id', { id: 7 })).toBe('/orders/7');
  expect(itemLink('/orders/:order', { id: 1, order: 12 })).toBe('/orders/12');
  expect(itemLink('/x/:code', { code: 'a/b?c' })).toBe('/x/a%2Fb%3Fc');
  expect(itemLink('/orders/:id', {})).toBe('/orders/:id');
});

it('a subtitle of several fields is joined, leaving out the empty ones and anything that is not text', () => {
  expect(fieldText({ carrier: 'СДЭК', tracking_number: '1234' }, 'carrier,tracking_number')).toBe('СДЭК · 1234');
  expect(fieldText({ carrier: '', tracking_number: '1234', x: { a: 1 } }, 'carrier, tracking_number, x, missing')).toBe('1234');
  expect(fieldText({ n: 0 }, 'n')).toBe('0');
  expect(fieldText({ n: 1 }, undefined)).toBe('');
});
