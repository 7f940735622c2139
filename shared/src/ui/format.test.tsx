import { act, render, screen } from '@testing-library/react';
import { setLanguage } from '@portal/shared';
import { Count, DateText, formatCount, formatDate, formatFileSize, formatMoney, formatPercent, Money, Percent } from '@portal/shared/ui/format';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => act(() => setLanguage('ru')));

it('money is written as a Russian reader expects, from the decimal string exactly', () => {
  expect(nbsp(formatMoney('1234.5', 'ru'))).toBe('1 234,50 ₽');
  expect(nbsp(formatMoney('1250.00', 'ru'))).toBe('1 250,00 ₽');
  expect(nbsp(formatMoney('12345678901234.99', 'ru'))).toBe('12 345 678 901 234,99 ₽');
  expect(formatMoney('1234.5', 'en')).toBe('₽1,234.50');
  expect(formatMoney(null, 'ru')).toBe('');
  expect(formatMoney('abc', 'ru')).toBe('');
});

it('discounts are «5 %», never «5.00 %», and counts are grouped', () => {
  expect(nbsp(formatPercent('5.00', 'ru'))).toBe('5 %');
  expect(nbsp(formatPercent('7.50', 'ru'))).toBe('7,5 %');
  expect(formatPercent('7.50', 'en')).toBe('7.5%');
  expect(formatPercent(null, 'ru')).toBe('');
  expect(nbsp(formatCount(5000, 'ru'))).toBe('5 000');
  expect(nbsp(formatCount('12500', 'ru'))).toBe('12 500');
  expect(formatCount(12500, 'en')).toBe('12,500');
  expect(formatCount('x', 'ru')).toBe('');
  render(<><Percent value="5.00" /><Count value={5000} /></>);
  expect(screen.getByText((text) => nbsp(text) === '5 %')).toBeInTheDocument();
  expect(screen.getByText((text) => nbsp(text) === '5 000')).toBeInTheDocument();
});

it('dates and sizes follow the language', () => {
  expect(formatDate('2026-11-01T09:00:00Z', 'ru')).toBe('1 ноября 2026 г.');
  expect(formatDate('2026-11-01T09:00:00Z', 'en')).toBe('1 November 2026');
  expect(formatDate(null, 'ru')).toBe('');
  expect(formatDate('not a date', 'ru')).toBe('');
  expect(nbsp(formatFileSize(1536 * 1024, 'ru'))).toBe('1,5 МБ');
  expect(nbsp(formatFileSize(1536 * 1024, 'en'))).toBe('1.5 MB');
  expect(nbsp(formatFileSize(900, 'ru'))).toBe('900 Б');
});

it('the components redraw when the user switches the language', () => {
  render(<p><Money value="1234.50" /> · <DateText value="2026-11-01T09:00:00Z" /></p>);
  expect(nbsp(screen.getByText(/₽/).textContent!)).toBe('1 234,50 ₽');
  expect(screen.getByText('1 ноября 2026 г.')).toHaveAttribute('datetime', '2026-11-01T09:00:00Z');
  act(() => setLanguage('en'));
  expect(screen.getByText('₽1,234.50')).toBeInTheDocument();
  expect(screen.getByText('1 November 2026')).toBeInTheDocument();
});
