import { addTranslations } from '@portal/shared';

// The host's own words for the visitor screens, Russian first (design §1); the cabinet's words
// come with the cabinet's chunk (features/layout/cabinet-translations.ts), not with /login.
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
    register: {
      title: 'Заявка на регистрацию', lead: 'Заполните данные компании: менеджер рассмотрит заявку и пришлёт доступ.',
      company_name: 'Компания', tax_id: 'ИНН', contact_name: 'Контактное лицо', email: 'Эл. почта', phone: 'Телефон',
      comment: 'Комментарий', submit: 'Отправить заявку', sent: 'Заявка отправлена. Мы свяжемся с вами по указанной почте.',
      haveAccount: 'Уже есть доступ? Войти',
    },
    restore: {
      title: 'Новый пароль', lead: 'Придумайте пароль не короче 8 символов.', password: 'Новый пароль',
      confirm: 'Повторите пароль', submit: 'Сохранить пароль', mismatch: 'Пароли не совпадают',
      tooShort: 'Не короче 8 символов', done: 'Пароль изменён. Теперь можно войти.', toLogin: 'Перейти ко входу',
    },
    notFound: { title: 'Страница не найдена', text: 'Такой страницы нет или она переехала.', home: 'На главную' },
    serverError: { title: 'Ошибка сервера', text: 'Что-то пошло не так на нашей стороне. Попробуйте ещё раз чуть позже.', home: 'На главную' },
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
    register: {
      title: 'Registration request', lead: 'Tell us about your company: a manager will review the request and send access.',
      company_name: 'Company', tax_id: 'Tax ID', contact_name: 'Contact person', email: 'Email', phone: 'Phone',
      comment: 'Comment', submit: 'Send request', sent: 'Request sent. We will contact you by email.',
      haveAccount: 'Already have access? Sign in',
    },
    restore: {
      title: 'New password', lead: 'Choose a password of at least 8 characters.', password: 'New password',
      confirm: 'Repeat password', submit: 'Save password', mismatch: 'Passwords do not match',
      tooShort: 'At least 8 characters', done: 'Password changed. You can sign in now.', toLogin: 'Go to login',
    },
    notFound: { title: 'Page not found', text: 'This page does not exist or has moved.', home: 'Home' },
    serverError: { title: 'Server error', text: 'Something went wrong on our side. Please try again later.', home: 'Home' },
  },
});
