import { wordsInWrongLanguage } from '@portal/shared';
import { addUiTranslations, UI_NAMESPACE } from './translations';

test('the screen building blocks speak one language at a time', () => {
  addUiTranslations();
  expect(wordsInWrongLanguage(UI_NAMESPACE)).toEqual([]);
});
