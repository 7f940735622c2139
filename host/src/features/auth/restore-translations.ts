import { addTranslations } from '@portal/shared';

// The new password screen's words: loaded with the screen, not with /login (the bundles merge with
// app/translations.ts).
addTranslations('host', {
  ru: {
    restore: {
      title: 'Новый пароль', lead: 'Придумайте пароль не короче 8 символов.', password: 'Новый пароль',
      confirm: 'Повторите пароль', submit: 'Сохранить пароль', mismatch: 'Пароли не совпадают',
      tooShort: 'Не короче 8 символов', done: 'Пароль изменён. Теперь можно войти.', toLogin: 'Перейти ко входу',
    },
  },
  en: {
    restore: {
      title: 'New password', lead: 'Choose a password of at least 8 characters.', password: 'New password',
      confirm: 'Repeat password', submit: 'Save password', mismatch: 'Passwords do not match',
      tooShort: 'At least 8 characters', done: 'Password changed. You can sign in now.', toLogin: 'Go to login',
    },
  },
});
