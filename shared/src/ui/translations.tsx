// The building blocks' own words (namespace `ui`), in ru and en. They are added when a block first
// asks for them (useUiTranslation), not as a side effect of importing this module: @portal/shared
// declares `sideEffects: false`, so a bundler may drop a bare import. Adding them twice (two remotes
// bundling the blocks) is harmless.
import { addTranslations, useTranslation } from '@portal/shared';
import { STATUS_WORDS } from './status-words';

export const UI_NAMESPACE = 'ui';

const words = {
  ru: {
    list: {
      search: 'Поиск',
      all: 'все',
      empty: 'Ничего не найдено',
      total: 'Всего: {{count}}',
      retry: 'Повторить',
      export: 'Экспорт CSV',
      exportFailed: 'Не удалось выгрузить CSV: {{message}}',
      priceListFailed: 'Не удалось скачать прайс-лист: {{message}}',
      sort: 'Сортировка',
      sortDefault: 'по умолчанию',
      ascending: '{{column}}, по возрастанию',
      descending: '{{column}}, по убыванию',
      more: 'Подробнее',
      less: 'Свернуть',
      expand: 'Развернуть строку',
      collapse: 'Свернуть строку',
      loading: 'Загрузка…',
      pageSize: 'Строк на странице',
      perPage: '{{count}} / стр.',
    },
    show: { back: 'Назад', notFound: 'Запись не найдена', notFoundText: 'Её нет или она вам недоступна.', retry: 'Повторить' },
    staffOnly: { title: 'Страница не найдена', text: 'Этот раздел открыт только сотрудникам.' },
    form: {
      save: 'Сохранить',
      cancel: 'Отмена',
      leave: 'Уйти со страницы?',
      leaveText: 'Есть несохранённые изменения. Если уйти, они пропадут.',
      leaveOk: 'Уйти',
      stay: 'Остаться',
      saved: 'Сохранено',
    },
    confirm: { ok: 'Да', cancel: 'Отмена' },
    views: {
      button: 'Виды',
      mine: 'Мои виды',
      shared: 'Общие виды сотрудников',
      none: 'Сохранённых видов нет',
      loading: 'Загрузка…',
      failed: 'Не удалось загрузить виды: {{message}}',
      save: 'Сохранить вид…',
      manage: 'Удалить вид…',
      saveTitle: 'Сохранить вид',
      saveHint: 'Вид запоминает фильтры, поиск и сортировку списка.',
      name: 'Название вида',
      share: 'Показать всем сотрудникам',
      saveOk: 'Сохранить',
      saved: 'Вид «{{name}}» сохранён',
      manageTitle: 'Мои виды',
      close: 'Закрыть',
      delete: 'Удалить',
      deleteLabel: 'Удалить вид «{{name}}»',
      deleteQuestion: 'Удалить вид «{{name}}»?',
      deleteText: 'Список останется как есть: удаляется только сохранённое название.',
      deleted: 'Вид «{{name}}» удалён',
      sharedMark: 'виден всем сотрудникам',
      by: 'сохранил(а) {{who}}',
    },
    pager: { label: 'Страницы', previous: 'Предыдущая страница', next: 'Следующая страница', page: 'Страница {{page}}' },
    period: { from: 'С даты', to: 'По дату' },
    notice: { close: 'Закрыть сообщение' },
    upload: {
      choose: 'Выбрать файл',
      hint: 'Не больше {{limit}}',
      tooBig: 'Файл «{{name}}» весит {{size}}, больше допустимых {{limit}}. Он не отправлен.',
      sending: 'Отправляется «{{name}}»',
      done: 'Файл «{{name}}» загружен',
      failed: 'Не удалось загрузить «{{name}}»: {{message}}',
    },
    size: { b: '{{value}} Б', kb: '{{value}} КБ', mb: '{{value}} МБ' },
    timeline: { empty: 'Изменений статуса пока нет', created: 'Создано', by: '{{who}}' },
    status: STATUS_WORDS.ru,
  },
  en: {
    list: {
      search: 'Search',
      all: 'all',
      empty: 'Nothing found',
      total: 'Total: {{count}}',
      retry: 'Retry',
      export: 'Export CSV',
      exportFailed: 'The CSV could not be exported: {{message}}',
      priceListFailed: 'The price list could not be downloaded: {{message}}',
      sort: 'Sort',
      sortDefault: 'default',
      ascending: '{{column}}, ascending',
      descending: '{{column}}, descending',
      more: 'Details',
      less: 'Hide details',
      expand: 'Expand row',
      collapse: 'Collapse row',
      loading: 'Loading…',
      pageSize: 'Rows per page',
      perPage: '{{count}} / page',
    },
    show: { back: 'Back', notFound: 'Not found', notFoundText: 'It does not exist or is not available to you.', retry: 'Retry' },
    staffOnly: { title: 'Page not found', text: 'This section is open to staff only.' },
    form: {
      save: 'Save',
      cancel: 'Cancel',
      leave: 'Leave this page?',
      leaveText: 'You have unsaved changes. They will be lost if you leave.',
      leaveOk: 'Leave',
      stay: 'Stay',
      saved: 'Saved',
    },
    confirm: { ok: 'Yes', cancel: 'Cancel' },
    views: {
      button: 'Views',
      mine: 'My views',
      shared: 'Views shared by staff',
      none: 'No saved views',
      loading: 'Loading…',
      failed: 'The views could not be loaded: {{message}}',
      save: 'Save view…',
      manage: 'Delete a view…',
      saveTitle: 'Save view',
      saveHint: 'A view keeps the list’s filters, search and sorting.',
      name: 'View name',
      share: 'Show to all staff',
      saveOk: 'Save',
      saved: 'View “{{name}}” saved',
      manageTitle: 'My views',
      close: 'Close',
      delete: 'Delete',
      deleteLabel: 'Delete view “{{name}}”',
      deleteQuestion: 'Delete view “{{name}}”?',
      deleteText: 'The list stays as it is: only the saved name is deleted.',
      deleted: 'View “{{name}}” deleted',
      sharedMark: 'shown to all staff',
      by: 'saved by {{who}}',
    },
    pager: { label: 'Pages', previous: 'Previous page', next: 'Next page', page: 'Page {{page}}' },
    period: { from: 'From', to: 'To' },
    notice: { close: 'Close the message' },
    upload: {
      choose: 'Choose a file',
      hint: 'Up to {{limit}}',
      tooBig: 'The file “{{name}}” is {{size}}, over the {{limit}} allowed. It was not sent.',
      sending: 'Sending “{{name}}”',
      done: 'The file “{{name}}” is uploaded',
      failed: 'The file “{{name}}” could not be uploaded: {{message}}',
    },
    size: { b: '{{value}} B', kb: '{{value}} KB', mb: '{{value}} MB' },
    timeline: { empty: 'No status changes yet', created: 'Created', by: '{{who}}' },
    status: STATUS_WORDS.en,
  },
};

let added = false;

/** Adds the blocks' words to the page's i18n instance once. */
export function addUiTranslations(): void {
  if (added) return;
  added = true;
  addTranslations(UI_NAMESPACE, words);
}

/** `t` for the blocks' words (namespace `ui`, then the common words). */
export function useUiTranslation() {
  addUiTranslations();
  return useTranslation(UI_NAMESPACE);
}
