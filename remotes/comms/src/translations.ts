// The comms remote's words (namespace `comms`), in Russian and English. Form labels and buttons are
// the words of design §13 («Заголовок», «Текст», «Аудитория», «Скачать», «Экспорт CSV»).
import { addTranslations } from '@portal/shared';

addTranslations('comms', {
  ru: {
    news: {
      title: 'Новости', empty: 'Новостей пока нет', nothingFound: 'Ничего не найдено', search: 'Поиск по новостям',
      total: 'Всего: {{count}}', back: 'Ко всем новостям', read: 'Читать полностью', readItem: 'Читать полностью: {{title}}',
    },
  },
  en: {
    news: {
      title: 'News', empty: 'No news yet', nothingFound: 'Nothing found', search: 'Search the news',
      total: 'Total: {{count}}', back: 'All news', read: 'Read more', readItem: 'Read more: {{title}}',
    },
  },
});
