import { wordsInWrongLanguage } from '@portal/shared';
import './translations';
import '../features/auth/register-translations';
import '../features/contract/translations';
import '../features/profile/translations';
import '../features/layout/cart-link';
import '../features/layout/cabinet-translations';

test('every Russian word of the host is Russian and every English one English', () => {
  expect(wordsInWrongLanguage('host')).toEqual([]);
});
