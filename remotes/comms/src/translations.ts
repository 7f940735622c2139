import { addTranslations } from '@portal/shared';

addTranslations('comms', {
  ru: {
    menu: { news: 'Новости' },
    news: { title: 'Новости', staffTitle: 'Рассылки и новости', empty: 'Новостей пока нет', draft: 'Черновик', forAll: 'Всем дилерам', forGroup: 'Группе дилеров', retry: 'Повторить', total: 'Всего: {{count}}' },
  },
  en: {
    menu: { news: 'News' },
    news: { title: 'News', staffTitle: 'Newsletters and news', empty: 'No news yet', draft: 'Draft', forAll: 'All dealers', forGroup: 'A dealer group', retry: 'Retry', total: 'Total: {{count}}' },
  },
});
