import { addTranslations } from '@portal/shared';

// The cabinet's words (layout, remote areas, contract), added to the host's namespace with the
// cabinet's chunk so that /login does not download them (design §8).
addTranslations('host', {
  ru: {
    layout: {
      home: 'Главная', contract: 'Договор', logout: 'Выйти', theme: 'Тёмная тема', aside: 'Панель сведений',
      sidebar: 'Меню', unfoldable: 'Узкое меню', language: 'English', profile: 'Профиль', closeAnswer: 'Закрыть сообщение',
      role: { dealer: 'Дилер', manager: 'Менеджер', admin: 'Администратор' },
      welcome: 'Здравствуйте, {{name}}', welcomeLead: 'Выберите раздел, чтобы начать работу.',
      support: 'Поддержка', contractSigned: 'Договор подписан', contractNotSigned: 'Договор не подписан',
      noSections: 'Разделы пока недоступны.', menuCount: 'новых: {{count}}', closeMenu: 'Закрыть меню',
    },
    remote: {
      failed: 'Раздел «{{name}}» не загрузился', failedText: 'Проверьте соединение и попробуйте ещё раз. Остальные разделы работают.',
      retry: 'Повторить', refused: 'Раздел «{{name}}» несовместим с порталом',
      refusedText: 'Раздел собран для версии контракта {{remote}}, портал использует {{host}}. Обратитесь к команде раздела.',
      crashed: 'В разделе «{{name}}» произошла ошибка',
      registry: 'Не удалось загрузить разделы портала', registryText: 'Проверьте соединение и попробуйте ещё раз.',
      override: 'Подменён раздел: {{names}}', overrideText: 'Только в этом браузере, для проверки сборки раздела.', overrideEnd: 'Вернуть текущий релиз',
    },
    contract: {
      title: 'Дилерский договор', lead: 'Прочитайте договор и подпишите его, чтобы открыть кабинет.', agree: 'Я прочитал(а) договор и принимаю его условия',
      sign: 'Подписать', signed: 'Договор подписан', signedAt: 'Договор подписан. Спасибо!', toCabinet: 'Перейти в кабинет',
      staff: 'Договор подписывают дилеры: здесь он в той редакции, которую они видят.',
    },
  },
  en: {
    layout: {
      home: 'Home', contract: 'Contract', logout: 'Log out', theme: 'Dark theme', aside: 'Info panel',
      sidebar: 'Menu', unfoldable: 'Narrow menu', language: 'Русский', profile: 'Profile', closeAnswer: 'Close the message',
      role: { dealer: 'Dealer', manager: 'Manager', admin: 'Administrator' },
      welcome: 'Hello, {{name}}', welcomeLead: 'Choose a section to start.',
      support: 'Support', contractSigned: 'Contract signed', contractNotSigned: 'Contract not signed',
      noSections: 'No sections are available yet.', menuCount: '{{count}} new', closeMenu: 'Close the menu',
    },
    remote: {
      failed: 'The “{{name}}” section did not load', failedText: 'Check the connection and try again. Other sections keep working.',
      retry: 'Retry', refused: 'The “{{name}}” section is not compatible with the portal',
      refusedText: 'The section was built for contract version {{remote}}, the portal uses {{host}}. Contact the section’s team.',
      crashed: 'The “{{name}}” section failed',
      registry: 'The portal’s sections did not load', registryText: 'Check the connection and try again.',
      override: 'Section replaced: {{names}}', overrideText: 'In this browser only, to try a build of the section.', overrideEnd: 'Back to the live release',
    },
    contract: {
      title: 'Dealer agreement', lead: 'Read the agreement and sign it to open the cabinet.', agree: 'I have read the agreement and accept its terms',
      sign: 'Sign', signed: 'Agreement signed', signedAt: 'Agreement signed. Thank you!', toCabinet: 'Go to the cabinet',
      staff: 'Dealers sign the agreement: here it is as they see it.',
    },
  },
});
