import { wordsInWrongLanguage } from '@portal/shared';
import './translations';
import './features/settings/translations';
import './features/releases/translations';
import './features/audit/translations';

test('every Russian word of the admin remote is Russian and every English one English', () => {
  expect(wordsInWrongLanguage('admin')).toEqual([]);
});
