// The __NAME__ remote's words (namespace `__NAME__`), in Russian and English.
import { addTranslations } from '@portal/shared';

addTranslations('__NAME__', {
  ru: {
    start: { title: '__NAME__', ready: 'Раздел готов: здесь будут его экраны.', signedIn: 'Вы вошли как {{email}}.' },
  },
  en: {
    start: { title: '__NAME__', ready: 'The section is ready: its screens go here.', signedIn: 'Signed in as {{email}}.' },
  },
});
