// The words of the comms remote's newsletters screens (namespace `comms`), loaded with those screens only:
// a dealer's news list does not carry them (design §8: /comms within 330 KB).
import { addTranslations } from '@portal/shared';

addTranslations('comms', {
  ru: {
    answers: {
      created: 'Рассылка «{{title}}» сохранена как черновик', saved: 'Рассылка «{{title}}» сохранена',
      published: 'Рассылка «{{title}}» опубликована', unpublished: 'Рассылка «{{title}}» снята с публикации', deleted: 'Рассылка «{{title}}» удалена',
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
  },
  en: {
    answers: {
      created: 'Newsletter “{{title}}” saved as a draft', saved: 'Newsletter “{{title}}” saved',
      published: 'Newsletter “{{title}}” published', unpublished: 'Newsletter “{{title}}” withdrawn', deleted: 'Newsletter “{{title}}” deleted',
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
  },
});
