// The page's one i18next instance (a Module Federation singleton through @portal/shared).
// Resources are inline and init is synchronous, so the first paint is already in the right language.
// Russian is the default (design §1); English is the second locale. Remotes add their own namespace
// with addTranslations; the common words below are the fallback namespace of every one of them.
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { LANGUAGE_KEY, readStorage, writeStorage } from './storage';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';
export const COMMON_NAMESPACE = 'common';

const ru = {
  appName: 'Портал дилера',
  login: { title: 'Вход', submit: 'Войти' },
  logout: 'Выйти',
  loading: 'Загрузка…',
  retry: 'Повторить',
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
  edit: 'Изменить',
  create: 'Создать',
  search: 'Поиск',
  close: 'Закрыть',
  yes: 'Да',
  no: 'Нет',
  notFound: { title: 'Страница не найдена', text: 'Такой страницы нет или она переехала.' },
  serverError: { title: 'Ошибка сервера', text: 'Что-то пошло не так на нашей стороне. Попробуйте позже.' },
  errors: {
    generic: 'Произошла ошибка. Попробуйте ещё раз.',
    network: 'Нет связи с сервером. Проверьте подключение к сети.',
    aborted: 'Запрос прерван.',
    timeout: 'Превышено время ожидания ответа.',
    status: 'Запрос завершился ошибкой (код {{status}}).',
    chunk: 'Не удалось загрузить часть приложения. Обновите страницу.',
    storage: 'Не удалось сохранить данные в браузере.',
    sessionEnded: 'Сеанс завершён. Войдите снова.',
  },
  menu: {
    home: 'Главная',
    catalog: 'Каталог',
    products: 'Товары',
    storeItems: 'Склад',
    calculator: 'Калькулятор',
    orders: 'Заказы',
    orderDeletionRequests: 'Заявки на удаление заказов',
    shippings: 'Отгрузки',
    cart: 'Корзина',
    dealers: 'Дилеры',
    dealerGroups: 'Группы дилеров',
    registrationRequests: 'Заявки на регистрацию',
    news: 'Новости',
    newsletters: 'Рассылки',
    attachments: 'Файлы',
    admin: 'Администрирование',
    users: 'Пользователи',
    variables: 'Переменные',
    claims: 'Рекламации',
    contract: 'Договор',
  },
};

type Words = typeof ru;

const en: Words = {
  appName: 'Dealer portal',
  login: { title: 'Login', submit: 'Sign in' },
  logout: 'Log out',
  loading: 'Loading…',
  retry: 'Retry',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  edit: 'Edit',
  create: 'Create',
  search: 'Search',
  close: 'Close',
  yes: 'Yes',
  no: 'No',
  notFound: { title: 'Page not found', text: 'This page does not exist or has moved.' },
  serverError: { title: 'Server error', text: 'Something went wrong on our side. Please try again later.' },
  errors: {
    generic: 'Something went wrong. Please try again.',
    network: 'Network error: the server cannot be reached. Check your connection.',
    aborted: 'The request was aborted.',
    timeout: 'Timeout exceeded while waiting for the server.',
    status: 'Request failed with status code {{status}}.',
    chunk: 'A part of the application could not be loaded. Reload the page.',
    storage: 'The browser storage could not be written.',
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  menu: {
    home: 'Home',
    catalog: 'Catalog',
    products: 'Products',
    storeItems: 'Stock',
    calculator: 'Calculator',
    orders: 'Orders',
    orderDeletionRequests: 'Order deletion requests',
    shippings: 'Shipping',
    cart: 'Cart',
    dealers: 'Dealers',
    dealerGroups: 'Dealer groups',
    registrationRequests: 'Registration requests',
    news: 'News',
    newsletters: 'Newsletters',
    attachments: 'Files',
    admin: 'Administration',
    users: 'Users',
    variables: 'Variables',
    claims: 'Claims',
    contract: 'Contract',
  },
};

export const commonTranslations: { ru: Words; en: Words } = { ru, en };

export const i18n: I18n = i18next;

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Initialises the one instance (idempotent, synchronous) and returns it. */
export function initI18n(): I18n {
  if (i18n.isInitialized) return i18n;
  const stored = readStorage<unknown>(LANGUAGE_KEY, null);
  const resources: Resource = { ru: { [COMMON_NAMESPACE]: ru }, en: { [COMMON_NAMESPACE]: en } };
  i18n.init({
    resources,
    lng: isLanguage(stored) ? stored : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [COMMON_NAMESPACE],
    defaultNS: COMMON_NAMESPACE,
    fallbackNS: COMMON_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
  return i18n;
}

/** Adds (or extends) a namespace, e.g. a remote's own words. Safe to call before initI18n. */
export function addTranslations(namespace: string, translations: { ru: object; en: object }): void {
  initI18n();
  i18n.addResourceBundle('ru', namespace, translations.ru, true, true);
  i18n.addResourceBundle('en', namespace, translations.en, true, true);
}

/** Switches the UI language and keeps the choice in the browser (our key `lang`). */
export function setLanguage(lng: Language | string): void {
  initI18n();
  const language: Language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  try {
    writeStorage(LANGUAGE_KEY, language);
  } catch (err) {
    // The language still changes for this page; only its memory across visits is lost.
    console.error(err);
  }
}
