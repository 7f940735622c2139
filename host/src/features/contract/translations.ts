import { addTranslations } from '@portal/shared';

// The agreement's versions (design §5): the words the contract screen adds to the cabinet's own.
addTranslations('host', {
  ru: {
    contract: {
      version: 'Редакция {{number}} от {{date}}',
      changed: 'Договор изменён',
      changedText: 'Вы подписывали редакцию {{number}}. С тех пор договор изменился: прочитайте новую редакцию и подпишите её, чтобы продолжить работу.',
      whatChanged: 'Что изменилось:',
      compareHint: 'Изменённые абзацы выделены: в подписанной редакции — то, чего больше нет, в новой — то, что появилось.',
      signedVersion: 'Вы подписывали: редакция {{number}}',
      newVersion: 'Новая редакция {{number}}',
    },
  },
  en: {
    contract: {
      version: 'Version {{number}} of {{date}}',
      changed: 'The agreement has changed',
      changedText: 'You signed version {{number}}. The agreement has changed since: read the new version and sign it to carry on.',
      whatChanged: 'What has changed:',
      compareHint: 'Changed paragraphs are highlighted: in the version you signed, what is gone; in the new one, what is new.',
      signedVersion: 'You signed: version {{number}}',
      newVersion: 'New version {{number}}',
    },
  },
});
