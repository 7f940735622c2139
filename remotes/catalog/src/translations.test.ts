import { wordsInWrongLanguage } from '@portal/shared';
import './translations';
import './features/calculator/translations';
import './features/products/translations';
import './features/store-items/translations';

test('every Russian word of the catalog remote is Russian and every English one English', () => {
  expect(wordsInWrongLanguage('catalog')).toEqual([]);
});
