import { wordsInWrongLanguage } from '@portal/shared';
import './translations';

test('every Russian word of the admin remote is Russian and every English one English', () => {
  expect(wordsInWrongLanguage('admin')).toEqual([]);
});
