import { addTranslations, i18n, initI18n, setLanguage } from './i18n';

afterEach(() => {
  setLanguage('ru');
  localStorage.clear();
});

describe('i18n', () => {
  it('Russian is the default language: the login title is «Вход»', () => {
    initI18n();
    expect(i18n.language).toBe('ru');
    expect(i18n.t('login.title')).toBe('Вход');
    expect(i18n.options.fallbackLng).toEqual(['ru']);
  });

  it('English is the second language and the choice is kept under lang', () => {
    setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('login.title')).toBe('Login');
    expect(i18n.t('menu.orders')).toBe('Orders');
    expect(JSON.parse(localStorage.getItem('lang')!)).toBe('en');
  });

  it('an unknown language falls back to Russian', () => {
    setLanguage('de');
    expect(i18n.language).toBe('ru');
  });

  it('has the common words: menu labels, errors, retry, not found, server error', () => {
    for (const key of ['menu.catalog', 'menu.orders', 'menu.dealers', 'menu.news', 'menu.admin', 'errors.generic',
      'errors.network', 'errors.aborted', 'errors.timeout', 'errors.status', 'retry', 'notFound.title', 'serverError.title',
      'loading', 'logout']) {
      expect(i18n.exists(key, { lng: 'ru' })).toBe(true);
      expect(i18n.exists(key, { lng: 'en' })).toBe(true);
    }
  });

  it('a remote adds its own namespace, which falls back to the common words', () => {
    addTranslations('catalog', { ru: { menu: 'Каталог товаров' }, en: { menu: 'Product catalog' } });
    expect(i18n.t('catalog:menu')).toBe('Каталог товаров');
    expect(i18n.t('retry', { ns: 'catalog' })).toBe('Повторить');
    setLanguage('en');
    expect(i18n.t('catalog:menu')).toBe('Product catalog');
  });

  it('is initialised synchronously', () => {
    expect(initI18n().isInitialized).toBe(true);
  });
});
