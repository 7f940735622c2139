import { wordsInWrongLanguage } from '@portal/shared';
import './translations';

test('every Russian word of the dealers remote is Russian and every English one English', () => {
  expect(wordsInWrongLanguage('dealers')).toEqual([]);
});
