import { addTranslations } from '@portal/shared';

// The profile's words (issue 19 item 5), added to the host's namespace with the profile's own chunk.
addTranslations('host', {
  ru: {
    profile: {
      title: 'Профиль',
      personal: 'Личные данные', firstName: 'Имя', lastName: 'Фамилия', phone: 'Телефон', email: 'Эл. почта',
      phoneHint: 'Цифры, пробелы, скобки и дефисы, например +7 (912) 345-67-89.',
      saved: 'Профиль сохранён',
      interface: 'Язык и тема', language: 'Язык', russian: 'Русский', english: 'Английский',
      theme: 'Тема', light: 'Светлая', dark: 'Тёмная',
      interfaceHint: 'Выбор сохраняется в профиле и действует на любом компьютере, где вы войдёте.',
      password: 'Пароль', currentPassword: 'Текущий пароль', newPassword: 'Новый пароль', repeatPassword: 'Новый пароль ещё раз',
      passwordHint: 'Не короче 8 символов. После смены пароля другие сеансы завершатся, этот останется.',
      changePassword: 'Сменить пароль', required: 'Заполните поле', tooShort: 'Не короче 8 символов', mismatch: 'Пароли не совпадают',
      notifications: 'Уведомления', notificationsLead: 'Письма, которые портал присылает вам на почту. Снимите отметку, чтобы их не получать.',
      kind: {
        order_status: 'Заказ подтверждён, отгружен, выполнен или отменён',
        cancellation: 'Решение по запросу на отмену заказа',
        claim: 'Новый статус претензии или ответ по ней',
        newsletter: 'Новая рассылка для дилеров',
      },
      staffKind: {
        staff_requests: 'Новая заявка на регистрацию дилера',
        cancellation: 'Новый запрос на отмену заказа',
        claim: 'Новая претензия',
      },
      notificationsSaved: 'Настройки уведомлений сохранены',
      company: 'Компания', companyName: 'Название', legalName: 'Юридическое название', taxId: 'ИНН', address: 'Адрес',
      group: 'Группа', discount: 'Скидка группы', noGroup: 'Без группы', none: '—',
      companyHint: 'Данные компании меняет менеджер. Если они устарели, напишите в поддержку.',
    },
  },
  en: {
    profile: {
      title: 'Profile',
      personal: 'Personal details', firstName: 'First name', lastName: 'Last name', phone: 'Phone', email: 'Email',
      phoneHint: 'Digits, spaces, brackets and dashes, such as +7 (912) 345-67-89.',
      saved: 'Profile saved',
      interface: 'Language and theme', language: 'Language', russian: 'Russian', english: 'English',
      theme: 'Theme', light: 'Light', dark: 'Dark',
      interfaceHint: 'Your choice is kept in your profile and applies on any computer you sign in on.',
      password: 'Password', currentPassword: 'Current password', newPassword: 'New password', repeatPassword: 'Repeat the new password',
      passwordHint: 'At least 8 characters. Once the password changes, your other sessions end; this one stays.',
      changePassword: 'Change password', required: 'Fill in this field', tooShort: 'At least 8 characters', mismatch: 'The passwords do not match',
      notifications: 'Notifications', notificationsLead: 'The mail the portal sends you. Clear a box to stop receiving that mail.',
      kind: {
        order_status: 'An order confirmed, shipped, completed or cancelled',
        cancellation: 'A decision on an order cancellation request',
        claim: 'A claim’s new status or a reply to it',
        newsletter: 'A new newsletter for dealers',
      },
      staffKind: {
        staff_requests: 'A new dealer registration request',
        cancellation: 'A new order cancellation request',
        claim: 'A new claim',
      },
      notificationsSaved: 'Notification settings saved',
      company: 'Company', companyName: 'Name', legalName: 'Legal name', taxId: 'Tax ID', address: 'Address',
      group: 'Group', discount: 'Group discount', noGroup: 'No group', none: '—',
      companyHint: 'A manager changes the company’s details. If they are out of date, write to support.',
    },
  },
});
