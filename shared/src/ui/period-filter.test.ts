import { shiftDay } from '@portal/shared/ui/period-filter';

it('a day moves across months and years without a time zone', () => {
  expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
  expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
});
