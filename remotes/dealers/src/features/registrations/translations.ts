// The words of «Заявки на регистрацию» and a request's page (namespace `dealers`, key
// `registrations`), Russian first. «Одобрить», «Отклонить», «Причина», «ИНН» are design §13's.
import { addTranslations } from '@portal/shared';

addTranslations('dealers', {
  ru: {
    registrations: {
      title: 'Заявки на регистрацию', empty: 'Заявок нет',
      columns: { company: 'Компания', taxId: 'ИНН', contact: 'Контактное лицо', email: 'Эл. почта', status: 'Статус', createdAt: 'Поступила' },
      filters: { status: 'Статус' },
      sameTaxIdFlag: 'ИНН уже встречается',
      back: 'Ко всем заявкам', heading: 'Заявка: {{company}}', createdAt: 'поступила',
      notFound: 'Заявка не найдена', notFoundText: 'Такой заявки нет: возможно, её удалили.',
      company: 'Данные компании',
      fields: { company: 'Компания', taxId: 'ИНН', contact: 'Контактное лицо', email: 'Эл. почта', phone: 'Телефон', decidedAt: 'Решение принято', reason: 'Причина отказа', dealer: 'Дилер' },
      taxId: {
        title: 'Проверка ИНН',
        valid: 'Контрольные цифры верны',
        invalid: 'Контрольные цифры не сходятся: ИНН с ошибкой',
        unique: 'Других дилеров и заявок с этим ИНН нет',
        same: 'С этим ИНН уже есть:',
        dealer: 'дилер «{{name}}»',
        request: 'заявка «{{name}}»',
      },
      comment: 'Комментарий заявителя', noComment: 'Без комментария',
      history: 'История статусов',
      openDealer: 'Открыть дилера «{{name}}»',
      approve: {
        button: 'Одобрить', title: 'Одобрить заявку «{{company}}»?',
        text: 'Будет создан дилер и его первый пользователь ({{email}}); на эту почту уйдёт письмо со ссылкой для установки пароля.',
        group: 'Группа дилера', groupPlaceholder: 'Выберите группу', groupRequired: 'Выберите группу дилера',
      },
      reject: {
        button: 'Отклонить', title: 'Отклонить заявку «{{company}}»?',
        text: 'Заявитель получит письмо на {{email}} с причиной отказа.',
        reason: 'Причина', reasonRequired: 'Укажите причину: её получит заявитель',
      },
    },
  },
  en: {
    registrations: {
      title: 'Registration requests', empty: 'No requests',
      columns: { company: 'Company', taxId: 'INN', contact: 'Contact person', email: 'Email', status: 'Status', createdAt: 'Received' },
      filters: { status: 'Status' },
      sameTaxIdFlag: 'INN seen before',
      back: 'All requests', heading: 'Request: {{company}}', createdAt: 'received',
      notFound: 'Request not found', notFoundText: 'There is no such request: it may have been deleted.',
      company: 'Company details',
      fields: { company: 'Company', taxId: 'INN', contact: 'Contact person', email: 'Email', phone: 'Phone', decidedAt: 'Decided', reason: 'Reason for rejection', dealer: 'Dealer' },
      taxId: {
        title: 'INN check',
        valid: 'The check digits are correct',
        invalid: 'The check digits do not match: the INN has a mistake',
        unique: 'No other dealer or request has this INN',
        same: 'This INN already belongs to:',
        dealer: 'dealer «{{name}}»',
        request: 'request «{{name}}»',
      },
      comment: 'Applicant\'s comment', noComment: 'No comment',
      history: 'Status history',
      openDealer: 'Open dealer «{{name}}»',
      approve: {
        button: 'Approve', title: 'Approve the request of «{{company}}»?',
        text: 'A dealer and its first user ({{email}}) will be created; that address gets an email with a link to set a password.',
        group: 'Dealer group', groupPlaceholder: 'Choose a group', groupRequired: 'Choose the dealer group',
      },
      reject: {
        button: 'Reject', title: 'Reject the request of «{{company}}»?',
        text: 'The applicant gets an email at {{email}} with the reason.',
        reason: 'Reason', reasonRequired: 'Give a reason: the applicant will receive it',
      },
    },
  },
});
