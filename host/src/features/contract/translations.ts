import { addTranslations } from '@portal/shared';

// The agreement's versions (design §5): the words the contract screen adds to the cabinet's own.
addTranslations('host', {
  ru: {
    contract: {
      version: 'Редакция {{number}} от {{date}}',
      changed: 'Договор изменён',
      changedText: 'Вы подписывали редакцию {{number}}. С тех пор договор изменился: прочитайте новую редакцию и подпишите её, чтобы продолжить работу.',
    },
  },
  en: {
    contract: {
      version: 'Version {{number}} of {{date}}',
      changed: 'The agreement has changed',
      changedText: 'You signed version {{number}}. The agreement has changed since: read the new version and sign it to carry on.',
    },
  },
});
