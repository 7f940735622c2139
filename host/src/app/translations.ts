import { addTranslations } from '@portal/shared';

// The host's own words for the visitor screens, Russian first (design §1); the cabinet's words
// come with the cabinet's chunk (features/layout/cabinet-translations.ts), the registration's, the
// new password's and the 404 and 500 pages' with their screens (*-translations.ts), not with /login.
addTranslations('host', {
  ru: {
    brand: 'Портал дилера',
    loading: 'Загрузка',
    login: {
      title: 'Вход', email: 'Эл. почта', password: 'Пароль', submit: 'Войти', submitting: 'Входим…',
      register: 'Стать дилером', forgot: 'Забыли пароль?',
      forgotTitle: 'Восстановление доступа', forgotLead: 'Пришлём ссылку для нового пароля на вашу почту.',
      forgotSubmit: 'Отправить ссылку', forgotSent: 'Если такой адрес зарегистрирован, письмо со ссылкой уже в пути.',
      back: 'Вернуться ко входу', required: 'Заполните это поле',
    },
  },
  en: {
    brand: 'Dealer portal',
    loading: 'Loading',
    login: {
      title: 'Login', email: 'Email', password: 'Password', submit: 'Sign in', submitting: 'Signing in…',
      register: 'Become a dealer', forgot: 'Forgot password?',
      forgotTitle: 'Restore access', forgotLead: 'We will email you a link to set a new password.',
      forgotSubmit: 'Send link', forgotSent: 'If this address is registered, an email with the link is on its way.',
      back: 'Back to login', required: 'Please fill in this field',
    },
  },
});
