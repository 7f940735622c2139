// The words of the comms remote's documents screens (namespace `comms`), loaded with those screens only:
// a dealer's news list does not carry them (design §8: /comms within 330 KB).
import { addTranslations } from '@portal/shared';

addTranslations('comms', {
  ru: {
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
