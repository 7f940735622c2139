import { addTranslations } from '@portal/shared';

// The 404 and 500 pages' words: loaded with those pages, not with /login (the bundles merge with
// app/translations.ts).
addTranslations('host', {
  ru: {
    notFound: { title: 'Страница не найдена', text: 'Такой страницы нет или она переехала.', home: 'На главную' },
    serverError: { title: 'Ошибка сервера', text: 'Что-то пошло не так на нашей стороне. Попробуйте ещё раз чуть позже.', home: 'На главную' },
  },
  en: {
    notFound: { title: 'Page not found', text: 'This page does not exist or has moved.', home: 'Home' },
    serverError: { title: 'Server error', text: 'Something went wrong on our side. Please try again later.', home: 'Home' },
  },
});
