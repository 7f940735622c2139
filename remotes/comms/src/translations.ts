// The comms remote's words (namespace `comms`), in Russian and English. Form labels and buttons are
// the words of design §13 («Заголовок», «Текст», «Аудитория», «Скачать», «Экспорт CSV»).
import { addTranslations } from '@portal/shared';

addTranslations('comms', {
  ru: {
    answers: {
      created: 'Рассылка «{{title}}» сохранена как черновик', saved: 'Рассылка «{{title}}» сохранена',
      published: 'Рассылка «{{title}}» опубликована', unpublished: 'Рассылка «{{title}}» снята с публикации', deleted: 'Рассылка «{{title}}» удалена',
    },
    news: {
      title: 'Новости', empty: 'Новостей пока нет', nothingFound: 'Ничего не найдено', search: 'Поиск по новостям',
      total: 'Всего: {{count}}', back: 'Ко всем новостям', read: 'Читать полностью', readItem: 'Читать полностью: {{title}}',
    },
    newsletters: {
      title: 'Рассылки и новости', create: 'Написать рассылку', newTitle: 'Новая рассылка', editTitle: 'Рассылка: {{title}}',
      back: 'К рассылкам', empty: 'Рассылок пока нет',
      columns: { title: 'Заголовок', audience: 'Аудитория', status: 'Статус', publishedAt: 'Опубликовано', createdAt: 'Создано', actions: 'Действия' },
      filters: { published: 'Статус', audience: 'Аудитория' },
      published: 'Опубликованные', drafts: 'Черновики',
      allDealers: 'Все дилеры', group: 'Группа «{{name}}»', unknownGroup: 'Группа № {{id}}',
      edit: 'Изменить', publish: 'Опубликовать', unpublish: 'Снять с публикации', delete: 'Удалить',
      publishConfirm: 'Опубликовать «{{title}}»?', publishText: 'Рассылку увидят: {{audience}}.',
      unpublishConfirm: 'Снять «{{title}}» с публикации?', unpublishText: 'Дилеры перестанут её видеть; она останется черновиком.',
      deleteConfirm: 'Удалить «{{title}}»?', deleteText: 'Рассылка будет удалена насовсем.',
      form: {
        title: 'Заголовок', body: 'Текст', audience: 'Аудитория', bodyHint: 'Markdown: **жирный**, списки, таблицы (| а | б |).',
        preview: 'Так её увидят дилеры', previewEmpty: 'Здесь появится текст рассылки.',
        titleRequired: 'Введите заголовок', bodyRequired: 'Введите текст',
      },
    },
    documents: {
      title: 'Документы', empty: 'Документов пока нет',
      columns: { name: 'Название', description: 'Описание', for: 'Для кого', size: 'Размер', createdAt: 'Добавлен', actions: 'Действия' },
      forAll: 'Все дилеры', forYou: 'Ваша компания', dealer: 'Дилер «{{name}}»', unknownDealer: 'Дилер № {{id}}',
      filters: { for: 'Показывать', dealer: 'Дилер', forAll: 'Для всех дилеров', forOne: 'Для одного дилера', forYou: 'Для вашей компании' },
      download: 'Скачать', downloadFailed: 'Не удалось скачать «{{name}}»: {{message}}',
      delete: 'Удалить', deleteConfirm: 'Удалить «{{name}}»?', deleteText: 'Файл пропадёт у всех, кому он был доступен.',
      upload: 'Загрузить документ', uploadFor: 'Для кого', uploadForAll: 'Для всех дилеров', uploadTitle: 'Новый документ',
      uploadOwn: 'Документ увидят ваша компания и менеджеры.',
    },
  },
  en: {
    answers: {
      created: 'Newsletter “{{title}}” saved as a draft', saved: 'Newsletter “{{title}}” saved',
      published: 'Newsletter “{{title}}” published', unpublished: 'Newsletter “{{title}}” withdrawn', deleted: 'Newsletter “{{title}}” deleted',
    },
    news: {
      title: 'News', empty: 'No news yet', nothingFound: 'Nothing found', search: 'Search the news',
      total: 'Total: {{count}}', back: 'All news', read: 'Read more', readItem: 'Read more: {{title}}',
    },
    newsletters: {
      title: 'Newsletters and news', create: 'Write a newsletter', newTitle: 'New newsletter', editTitle: 'Newsletter: {{title}}',
      back: 'Back to newsletters', empty: 'No newsletters yet',
      columns: { title: 'Title', audience: 'Audience', status: 'Status', publishedAt: 'Published', createdAt: 'Created', actions: 'Actions' },
      filters: { published: 'Status', audience: 'Audience' },
      published: 'Published', drafts: 'Drafts',
      allDealers: 'All dealers', group: 'Group “{{name}}”', unknownGroup: 'Group #{{id}}',
      edit: 'Edit', publish: 'Publish', unpublish: 'Unpublish', delete: 'Delete',
      publishConfirm: 'Publish “{{title}}”?', publishText: 'It will be seen by: {{audience}}.',
      unpublishConfirm: 'Unpublish “{{title}}”?', unpublishText: 'Dealers will no longer see it; it stays a draft.',
      deleteConfirm: 'Delete “{{title}}”?', deleteText: 'The newsletter will be deleted for good.',
      form: {
        title: 'Title', body: 'Text', audience: 'Audience', bodyHint: 'Markdown: **bold**, lists, tables (| a | b |).',
        preview: 'As dealers will see it', previewEmpty: 'The newsletter\'s text will appear here.',
        titleRequired: 'Enter a title', bodyRequired: 'Enter the text',
      },
    },
    documents: {
      title: 'Documents', empty: 'No documents yet',
      columns: { name: 'Name', description: 'Description', for: 'For', size: 'Size', createdAt: 'Added', actions: 'Actions' },
      forAll: 'All dealers', forYou: 'Your company', dealer: 'Dealer “{{name}}”', unknownDealer: 'Dealer #{{id}}',
      filters: { for: 'Show', dealer: 'Dealer', forAll: 'For all dealers', forOne: 'For one dealer', forYou: 'For your company' },
      download: 'Download', downloadFailed: '“{{name}}” could not be downloaded: {{message}}',
      delete: 'Delete', deleteConfirm: 'Delete “{{name}}”?', deleteText: 'The file will be gone for everyone who could see it.',
      upload: 'Upload a document', uploadFor: 'For', uploadForAll: 'All dealers', uploadTitle: 'New document',
      uploadOwn: 'Your company and the managers will see the document.',
    },
  },
});
