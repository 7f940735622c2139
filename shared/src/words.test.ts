import { addTranslations } from './i18n';
import { wordsInWrongLanguage } from './words';

test('the common words speak one language at a time', () => {
  expect(wordsInWrongLanguage('common')).toEqual([]);
});

test('names English in Russian, Cyrillic in English and a «№» stuck to its number', () => {
  addTranslations('words-test', {
    ru: { ok: 'Выгрузить в CSV: {{count}} строк', left: 'Профиль и Email', number: 'Заказ №{{number}}', spaced: 'Заказ № {{number}}' },
    en: { ok: 'Order #{{number}}', mixed: 'Quantity, шт.', sign: 'Order № {{number}}' },
  });
  expect(wordsInWrongLanguage('words-test')).toEqual([
    'ru left: «Профиль и Email» — English in Russian: Email',
    'ru number: «Заказ №{{number}}» — «№» without a space after it',
    'en mixed: “Quantity, шт.” — Cyrillic in English: шт',
    'en sign: “Order № {{number}}” — «№» in English (use “No.” or “#”)',
  ]);
});
