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

it('numbers and money are written exactly as Intl writes them, both languages', () => {
  const values: (string | number)[] = [
    '0', '5', '7.50', '12', '999.995', '1234.5', '1234.50', '-1234.5', '1234567.891', '0.005', '0.004', '-0.001',
    '0099.90', '99.995', '9.9999', '12345678901234.99', ' 12.5 ', 5, 7.5, 1234, 12500, 1234.5678, -3, 0.125, 1e21, 2.5e-7, '1e3',
  ];
  for (let i = 0; i < 300; i += 1) values.push((((i * 7919) % 100000) / [1, 10, 100, 1000, 7][i % 5]) * (i % 3 === 0 ? -1 : 1));
  for (const [language, locale] of [['ru', 'ru-RU'], ['en', 'en-GB']]) {
    const intl = (options: Intl.NumberFormatOptions, value: string | number) =>
      new Intl.NumberFormat(locale, options).format(typeof value === 'string' ? (value.trim() as `${number}`) : value);
    for (const value of values) {
      const money = intl({ style: 'currency', currency: 'RUB', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 }, value);
      expect([value, formatMoney(value, language)]).toEqual([value, money]);
      expect([value, formatCount(value, language)]).toEqual([value, intl({ maximumFractionDigits: 3 }, Number(value))]);
      const percent = intl({ maximumFractionDigits: 2 }, Number(value));
      expect([value, formatPercent(value, language)]).toEqual([value, language === 'en' ? `${percent}%` : `${percent}\u00a0%`]);
    }
  }
  expect(formatMoney('5', 'en', 'USD')).toBe('$5.00');
});

it('dates are written exactly as Intl.DateTimeFormat writes them, every month, both languages, with and without the time', () => {
  for (const [language, locale] of [['ru', 'ru-RU'], ['en', 'en-GB']]) {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, month + 3, month * 2, month * 5);
      const intl = (time: boolean) => new Intl.DateTimeFormat(locale, {
        day: 'numeric', month: 'long', year: 'numeric', ...(time ? { hour: '2-digit', minute: '2-digit' } : {}),
      }).format(date);
      expect(formatDate(date, language)).toBe(intl(false));
      expect(formatDate(date.toISOString(), language, { time: true })).toBe(intl(true));
    }
  }
});

it('the components redraw when the user switches the language', () => {
  render(<p><Money value="1234.50" /> · <DateText value="2026-11-01T09:00:00Z" /></p>);
  expect(nbsp(screen.getByText(/₽/).textContent!)).toBe('1 234,50 ₽');
  expect(screen.getByText('1 ноября 2026 г.')).toHaveAttribute('datetime', '2026-11-01T09:00:00Z');
  act(() => setLanguage('en'));
  expect(screen.getByText('₽1,234.50')).toBeInTheDocument();
  expect(screen.getByText('1 November 2026')).toBeInTheDocument();
});
