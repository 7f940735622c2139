import { wordsInWrongLanguage } from '@portal/shared';
import './translations';
import './features/newsletters/translations';
import './features/documents/translations';

test('every Russian word of the comms remote is Russian and every English one English', () => {
  expect(wordsInWrongLanguage('comms')).toEqual([]);
});
