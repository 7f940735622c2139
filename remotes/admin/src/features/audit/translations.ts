// The words of the admin remote's «audit» screens (namespace `admin`), loaded with those screens only:
// the claims and users screens every dealer and manager opens do not carry them (design §8).
import { addTranslations } from '@portal/shared';

addTranslations('admin', {
  ru: {
    audit: {
      title: 'Журнал действий',
      adminOnlyText: 'Журнал действий читает администратор портала.',
      empty: 'Записей не найдено',
      search: 'Поиск по эл. почте, действию, объекту',
      columns: { at: 'Когда', actor: 'Кто', action: 'Действие', target: 'Объект', targetId: '№ объекта', details: 'Подробности' },
      filters: { action: 'Действие', actor: 'Кто' },
      nobody: 'Без входа в портал',
      deployKey: 'Ключ деплоя «{{name}}»',
      exchangeAccount: '1С, учётная запись обмена «{{login}}»',
      actions: {
        user: {
          created: 'Создан пользователь', role_changed: 'Изменена роль', dealer_changed: 'Изменён дилер пользователя',
          activated: 'Пользователь включён', deactivated: 'Пользователь отключён', password_reset_sent: 'Отправлена ссылка для входа', password_changed: 'Пароль изменён пользователем',
        },
        dealer: { activated: 'Дилер включён', deactivated: 'Дилер отключён' },
        regreq: { approved: 'Заявка одобрена', rejected: 'Заявка отклонена' },
        setting: { changed: 'Изменена настройка', deleted: 'Удалена настройка' },
        agreement: { published: 'Опубликовано соглашение' },
        deploy_key: { created: 'Создан ключ деплоя', revoked: 'Отозван ключ деплоя' },
        release: { uploaded: 'Загружен релиз', activated: 'Релиз сделан текущим', rolled_back: 'Релиз откачен' },
        exchange_account: { created: 'Создана учётная запись обмена с 1С', deleted: 'Удалена учётная запись обмена с 1С' },
        exchange: { started: 'Начат обмен с 1С' },
        order: { exchange_reset: 'Заказ выгружается в 1С заново' },
      },
      targets: {
        user: 'Пользователь', dealer: 'Дилер', regreq: 'Заявка на регистрацию', setting: 'Настройка', agreement: 'Соглашение',
        deploy_key: 'Ключ деплоя', release: 'Релиз', exchange_account: 'Учётная запись обмена', exchange: 'Обмен с 1С', order: 'Заказ',
      },
      details: {
        user_email: 'Эл. почта', role: 'Роль', dealer: 'Дилер (№)', dealer_name: 'Дилер', user: 'Пользователь (№)', regreq: 'Заявка (№)',
        via: 'Как', reason: 'Причина', company_name: 'Компания', tax_id: 'ИНН', key: 'Ключ', renamed_from: 'Прежний ключ',
        version: 'Редакция', summary: 'Что изменилось', must_sign: 'Должны подписать', remote: 'Раздел', key_name: 'Ключ', previous: 'Прежний релиз', git_sha: 'Коммит', login: 'Логин', kind: 'Обмен', number: 'Номер',
      },
      via: { admin: 'администратор', restore_form: 'форма восстановления доступа' },
    },
  },
  en: {
    audit: {
      title: 'Audit log',
      adminOnlyText: 'The audit log is read by the portal administrator.',
      empty: 'No entries found',
      search: 'Search by email, action, object',
      columns: { at: 'When', actor: 'Who', action: 'Action', target: 'Object', targetId: 'Object ID', details: 'Details' },
      filters: { action: 'Action', actor: 'Who' },
      nobody: 'Not signed in',
      deployKey: 'Deploy key “{{name}}”',
      exchangeAccount: '1C, exchange account “{{login}}”',
      actions: {
        user: {
          created: 'User created', role_changed: 'Role changed', dealer_changed: 'User’s dealer changed',
          activated: 'User activated', deactivated: 'User deactivated', password_reset_sent: 'Sign-in link sent', password_changed: 'Password changed by the user',
        },
        dealer: { activated: 'Dealer activated', deactivated: 'Dealer deactivated' },
        regreq: { approved: 'Request approved', rejected: 'Request rejected' },
        setting: { changed: 'Setting changed', deleted: 'Setting deleted' },
        agreement: { published: 'Agreement published' },
        deploy_key: { created: 'Deploy key created', revoked: 'Deploy key revoked' },
        release: { uploaded: 'Release uploaded', activated: 'Release made live', rolled_back: 'Release rolled back' },
        exchange_account: { created: '1C exchange account created', deleted: '1C exchange account deleted' },
        exchange: { started: '1C exchange started' },
        order: { exchange_reset: 'Order to be sent to 1C again' },
      },
      targets: {
        user: 'User', dealer: 'Dealer', regreq: 'Registration request', setting: 'Setting', agreement: 'Agreement',
        deploy_key: 'Deploy key', release: 'Release', exchange_account: 'Exchange account', exchange: '1C exchange', order: 'Order',
      },
      details: {
        user_email: 'Email', role: 'Role', dealer: 'Dealer (ID)', dealer_name: 'Dealer', user: 'User (ID)', regreq: 'Request (ID)',
        via: 'How', reason: 'Reason', company_name: 'Company', tax_id: 'Tax ID', key: 'Key', renamed_from: 'Former key',
        version: 'Version', summary: 'What changed', must_sign: 'Must sign', remote: 'Remote', key_name: 'Key', previous: 'Previous release', git_sha: 'Commit', login: 'Login', kind: 'Exchange', number: 'Number',
      },
      via: { admin: 'administrator', restore_form: 'restore form' },
    },
  },
});
