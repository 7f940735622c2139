import { addTranslations } from '@portal/shared';

// «Подключить сборку разработки» (override-screen.tsx), added to the host's namespace with its chunk.
addTranslations('host', {
  ru: {
    override: {
      title: 'Подключить сборку разработки',
      what: 'Раздел {{name}} будет загружаться в этом браузере из сборки по адресу:',
      warning: 'Только для вас и только в этом браузере, пока вы не вернёте текущий релиз кнопкой в жёлтой полосе. Подключайте только свою сборку: её код работает с вашими правами.',
      confirm: 'Подключить',
      cancel: 'Отмена',
      incomplete: 'В ссылке нет раздела или адреса сборки. Откройте ссылку, которую напечатала команда portal-remote dev --portal.',
    },
  },
  en: {
    override: {
      title: 'Use a development build',
      what: 'The {{name}} section will load in this browser from the build at:',
      warning: 'For you only and in this browser only, until you go back to the live release with the button in the yellow bar. Use only your own build: its code runs with your rights.',
      confirm: 'Use this build',
      cancel: 'Cancel',
      incomplete: 'The link names no section or no build. Open the link that portal-remote dev --portal printed.',
    },
  },
});
