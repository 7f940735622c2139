import { moneyText, readMoney } from './money-text';

it('shows the API’s amount as the language writes it', () => {
  expect(moneyText('1234.5', 'ru').replace(/\s/g, ' ')).toBe('1 234,50');
  expect(moneyText('1000.00', 'en')).toBe('1,000.00');
  expect(moneyText('0', 'ru')).toBe('0,00');
  expect(moneyText('', 'ru')).toBe('');
});

it('reads what was typed, with its groups and decimal comma, into the API’s decimal string', () => {
  expect(readMoney('1 234,50', 'ru')).toEqual({ value: '1234.50' });
  expect(readMoney('1\u00a0234,5 ₽', 'ru')).toEqual({ value: '1234.50' });
  expect(readMoney('1234.5', 'ru')).toEqual({ value: '1234.50' });
  expect(readMoney('1,234.50', 'en')).toEqual({ value: '1234.50' });
  expect(readMoney('007', 'ru')).toEqual({ value: '7.00' });
  expect(readMoney('  ', 'ru')).toEqual({ value: '' });
});

it('refuses what is not an amount of roubles and kopecks instead of changing it', () => {
  expect(readMoney('-5', 'ru')).toEqual({ error: 'negative' });
  expect(readMoney('12,345', 'ru')).toEqual({ error: 'format' });
  expect(readMoney('много', 'ru')).toEqual({ error: 'format' });
  expect(readMoney('1,2,3', 'ru')).toEqual({ error: 'format' });
  expect(readMoney('1.234,50', 'en')).toEqual({ error: 'format' });
});
