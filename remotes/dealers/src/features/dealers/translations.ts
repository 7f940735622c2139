// The words of «Дилеры», a dealer's page and its form (namespace `dealers`, key `dealers`), Russian first.
import { addTranslations } from '@portal/shared';

addTranslations('dealers', {
  ru: {
    dealers: {
      title: 'Дилеры', empty: 'Дилеров не найдено', create: 'Новый дилер', back: 'Ко всем дилерам', backToDealer: 'К странице дилера',
      columns: { name: 'Название', taxId: 'ИНН', email: 'Эл. почта', group: 'Группа', active: 'Состояние', createdAt: 'Создан' },
      filters: { group: 'Группа', active: 'Состояние' },
      active: 'Активен', inactive: 'Отключён', noGroup: 'Без группы',
      notFound: 'Дилер не найден', notFoundText: 'Такого дилера нет: возможно, его удалили.',
      edit: 'Изменить',
      deactivate: {
        button: 'Отключить', title: 'Отключить дилера «{{name}}»?',
        text: 'Его пользователи не смогут войти в портал, новые заказы от него не будут приниматься. Включить его снова можно в любой момент.',
      },
      activate: {
        button: 'Включить', title: 'Включить дилера «{{name}}»?',
        text: 'Его пользователи снова смогут входить в портал и оформлять заказы.',
      },
      contacts: 'Контакты', groupSection: 'Группа и скидка',
      fields: { legalName: 'Юридическое название', taxId: 'ИНН', email: 'Эл. почта', phone: 'Телефон', address: 'Адрес', createdAt: 'Создан', group: 'Группа', discount: 'Скидка' },
      none: '—',
      users: { title: 'Пользователи', empty: 'У дилера пока нет пользователей', name: 'Имя', email: 'Эл. почта', active: 'Состояние', lastLogin: 'Последний вход', never: 'не входил' },
      orders: {
        title: 'Заказы', count: 'Всего заказов', yearTotal: 'Сумма за {{year}} год', last: 'Последний заказ', none: 'Заказов пока нет',
        lastOrder: '№ {{number}} от {{date}}', all: 'Все заказы дилера',
      },
      newTitle: 'Новый дилер', editTitle: 'Дилер «{{name}}»: изменение',
      form: {
        name: 'Название', nameRequired: 'Укажите название дилера', legalName: 'Юридическое название', taxId: 'ИНН',
        taxIdInvalid: 'Неверный ИНН: 10 цифр для организации, 12 для ИП, с верными контрольными цифрами',
        group: 'Группа', groupPlaceholder: 'Без группы', email: 'Эл. почта', emailInvalid: 'Введите корректный адрес эл. почты',
        phone: 'Телефон', phoneInvalid: 'Телефон: цифры, пробелы, скобки, дефисы и «+» в начале', address: 'Адрес',
      },
    },
  },
  en: {
    dealers: {
      title: 'Dealers', empty: 'No dealers found', create: 'New dealer', back: 'All dealers', backToDealer: "The dealer's page",
      columns: { name: 'Name', taxId: 'INN', email: 'Email', group: 'Group', active: 'State', createdAt: 'Created' },
      filters: { group: 'Group', active: 'State' },
      active: 'Active', inactive: 'Deactivated', noGroup: 'No group',
      notFound: 'Dealer not found', notFoundText: 'There is no such dealer: it may have been deleted.',
      edit: 'Edit',
      deactivate: {
        button: 'Deactivate', title: 'Deactivate the dealer «{{name}}»?',
        text: 'Its users will not be able to sign in to the portal, and no new orders will be taken from it. It can be reactivated at any time.',
      },
      activate: {
        button: 'Reactivate', title: 'Reactivate the dealer «{{name}}»?',
        text: 'Its users will be able to sign in and place orders again.',
      },
      contacts: 'Contacts', groupSection: 'Group and discount',
      fields: { legalName: 'Legal name', taxId: 'INN', email: 'Email', phone: 'Phone', address: 'Address', createdAt: 'Created', group: 'Group', discount: 'Discount' },
      none: '—',
      users: { title: 'Users', empty: 'The dealer has no users yet', name: 'Name', email: 'Email', active: 'State', lastLogin: 'Last sign-in', never: 'never' },
      orders: {
        title: 'Orders', count: 'Orders in all', yearTotal: 'Total for {{year}}', last: 'Latest order', none: 'No orders yet',
        lastOrder: 'No. {{number}} of {{date}}', all: "All the dealer's orders",
      },
      newTitle: 'New dealer', editTitle: 'Dealer «{{name}}»: editing',
      form: {
        name: 'Name', nameRequired: "Enter the dealer's name", legalName: 'Legal name', taxId: 'INN',
        taxIdInvalid: 'Invalid INN: 10 digits for a company, 12 for a sole trader, with correct check digits',
        group: 'Group', groupPlaceholder: 'No group', email: 'Email', emailInvalid: 'Enter a valid email address',
        phone: 'Phone', phoneInvalid: 'Phone: digits, spaces, brackets, hyphens and a leading «+»', address: 'Address',
      },
    },
  },
});
