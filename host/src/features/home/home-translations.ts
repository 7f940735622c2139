import { addTranslations } from '@portal/shared';

// The home's words (widgets, the staff inbox and the cart), with the home's chunk.
addTranslations('host', {
  ru: {
    home: {
      inbox: 'Ждут решения', inboxLead: 'Самое давнее — первым.', inboxEmpty: 'Сейчас ничего не ждёт решения.',
      all: 'Все: {{count}}', allLabel: '{{title}}: все {{count}}', count: '{{count}}',
      loading: 'Загрузка…', failed: 'Не удалось загрузить: {{message}}', retry: 'Повторить', retryLabel: 'Повторить: {{title}}', empty: 'Пока ничего нет.',
      waits: {
        moment: 'ждёт меньше минуты',
        minutes_one: 'ждёт {{count}} минуту', minutes_few: 'ждёт {{count}} минуты', minutes_many: 'ждёт {{count}} минут', minutes_other: 'ждёт {{count}} минуты',
        hours_one: 'ждёт {{count}} час', hours_few: 'ждёт {{count}} часа', hours_many: 'ждёт {{count}} часов', hours_other: 'ждёт {{count}} часа',
        days_one: 'ждёт {{count}} день', days_few: 'ждёт {{count}} дня', days_many: 'ждёт {{count}} дней', days_other: 'ждёт {{count}} дня',
      },
      available: 'доступно {{count}}',
      cart: {
        title: 'Корзина', empty: 'Корзина пуста: товары добавляются из каталога.',
        lines_one: '{{count}} позиция', lines_few: '{{count}} позиции', lines_many: '{{count}} позиций', lines_other: '{{count}} позиции',
        total: 'на {{total}}', checkout: 'Оформить заказ',
      },
      sections: 'Разделы',
    },
  },
  en: {
    home: {
      inbox: 'Awaiting a decision', inboxLead: 'The longest waiting first.', inboxEmpty: 'Nothing is awaiting a decision right now.',
      all: 'All: {{count}}', allLabel: '{{title}}: all {{count}}', count: '{{count}}',
      loading: 'Loading…', failed: 'Could not load: {{message}}', retry: 'Retry', retryLabel: 'Retry: {{title}}', empty: 'Nothing here yet.',
      waits: {
        moment: 'waiting under a minute',
        minutes_one: 'waiting {{count}} minute', minutes_other: 'waiting {{count}} minutes',
        hours_one: 'waiting {{count}} hour', hours_other: 'waiting {{count}} hours',
        days_one: 'waiting {{count}} day', days_other: 'waiting {{count}} days',
      },
      available: '{{count}} available',
      cart: {
        title: 'Cart', empty: 'The cart is empty: products are added from the catalogue.',
        lines_one: '{{count}} line', lines_other: '{{count}} lines', total: 'for {{total}}', checkout: 'Place the order',
      },
      sections: 'Sections',
    },
  },
});
