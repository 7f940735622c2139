import { addTranslations } from '@portal/shared';

// The registration screen's words, its checks and the page after sending: loaded with the screen,
// not with /login (the bundles merge with app/translations.ts).
addTranslations('host', {
  ru: {
    register: {
      title: 'Заявка на регистрацию', lead: 'Заполните данные компании: менеджер рассмотрит заявку и пришлёт доступ.',
      company_name: 'Компания', tax_id: 'ИНН', contact_name: 'Контактное лицо', email: 'Эл. почта', phone: 'Телефон',
      comment: 'Комментарий', submit: 'Отправить заявку', sent: 'Заявка отправлена. Мы свяжемся с вами по указанной почте.',
      haveAccount: 'Уже есть доступ? Войти',
      taxIdHint: '10 или 12 цифр',
      errors: {
        required: 'Заполните это поле',
        tax_id: 'Неверный ИНН: проверьте цифры (10 для организации, 12 для ИП)',
        email: 'Введите адрес эл. почты, например name@company.ru',
        phone: 'Введите телефон: от 10 до 15 цифр, можно с +, пробелами, скобками и дефисами',
      },
      next: {
        title: 'Заявка отправлена',
        lead: 'Спасибо! Вот что будет дальше:',
        review: 'Менеджер проверит данные компании и ИНН.',
        approved: 'Если заявку одобрят, на {{email}} придёт письмо со ссылкой: по ней вы зададите пароль.',
        signIn: 'Войдите с этой почтой и паролем, примите договор дилера — и откроется каталог с вашими ценами.',
        rejected: 'Если заявку отклонят, мы напишем на ту же почту и укажем причину.',
      },
    },
  },
  en: {
    register: {
      title: 'Registration request', lead: 'Tell us about your company: a manager will review the request and send access.',
      company_name: 'Company', tax_id: 'Tax ID', contact_name: 'Contact person', email: 'Email', phone: 'Phone',
      comment: 'Comment', submit: 'Send request', sent: 'Request sent. We will contact you by email.',
      haveAccount: 'Already have access? Sign in',
      taxIdHint: '10 or 12 digits',
      errors: {
        required: 'Please fill in this field',
        tax_id: 'Not a valid INN: check the digits (10 for a company, 12 for a sole trader)',
        email: 'Enter an email address, e.g. name@company.com',
        phone: 'Enter a phone number: 10 to 15 digits, with +, spaces, brackets and dashes if you like',
      },
      next: {
        title: 'Request sent',
        lead: 'Thank you! This is what happens next:',
        review: 'A manager checks the company\'s data and its INN.',
        approved: 'If the request is approved, {{email}} gets an email with a link to set your password.',
        signIn: 'Sign in with that email and password, accept the dealer agreement, and the catalogue opens with your prices.',
        rejected: 'If the request is declined, we write to the same address with the reason.',
      },
    },
  },
});
