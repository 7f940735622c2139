// The cancellation requests' words (namespace `orders`, key `deletionRequests`), Russian first.
// «Одобрить» and «Отклонить» are the words of design §13.
import { addTranslations } from '@portal/shared';

addTranslations('orders', {
  ru: {
    deletionRequests: {
      title: 'Запросы на отмену', empty: 'Запросов на отмену нет', queueEmpty: 'Все запросы рассмотрены',
      views: { label: 'Какие запросы показать', pending: 'На рассмотрении', all: 'Все запросы' },
      columns: { order: 'Заказ', reason: 'Причина', document: 'Документ', status: 'Статус', createdAt: 'Создан', decision: 'Решение', actions: 'Действия' },
      filters: { status: 'Статус' },
      statuses: { pending: 'На рассмотрении', approved: 'Одобрено', rejected: 'Отклонено' },
      order: 'Заказ № {{number}}', noDocument: 'нет', awaiting: 'ждёт решения',
      download: 'Скачать', downloadLabel: 'Скачать документ к запросу по заказу №{{number}}',
      downloadFailed: 'Не удалось скачать «{{name}}»: {{message}}',
      approve: 'Одобрить', approveLabel: 'Одобрить отмену заказа №{{number}}',
      approveConfirm: 'Одобрить отмену заказа №{{number}}?',
      approveText: 'Заказ №{{number}} будет отменён, а зарезервированный под него товар вернётся на склад. Вернуть отменённый заказ в работу нельзя.',
      reject: 'Отклонить', rejectLabel: 'Отклонить запрос на отмену заказа №{{number}}',
      rejectConfirm: 'Отклонить запрос на отмену заказа №{{number}}?',
      rejectText: 'Заказ останется в работе. Дилер увидит решение и ваш комментарий.',
      comment: 'Комментарий для дилера', commentRequired: 'Напишите дилеру, почему запрос отклонён.',
      approved: 'Запрос одобрен: заказ №{{number}} отменён.', rejected: 'Запрос по заказу №{{number}} отклонён.',
    },
  },
  en: {
    deletionRequests: {
      title: 'Cancellation requests', empty: 'No cancellation requests', queueEmpty: 'Every request has been decided',
      views: { label: 'Which requests to show', pending: 'Pending', all: 'All requests' },
      columns: { order: 'Order', reason: 'Reason', document: 'Document', status: 'Status', createdAt: 'Created', decision: 'Decision', actions: 'Actions' },
      filters: { status: 'Status' },
      statuses: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
      order: 'Order {{number}}', noDocument: 'none', awaiting: 'awaiting a decision',
      download: 'Download', downloadLabel: 'Download the document of the request for order {{number}}',
      downloadFailed: '“{{name}}” could not be downloaded: {{message}}',
      approve: 'Approve', approveLabel: 'Approve cancelling order {{number}}',
      approveConfirm: 'Approve cancelling order {{number}}?',
      approveText: 'Order {{number}} will be cancelled and the stock reserved for it returns to the warehouse. A cancelled order cannot be resumed.',
      reject: 'Reject', rejectLabel: 'Reject the cancellation request for order {{number}}',
      rejectConfirm: 'Reject the cancellation request for order {{number}}?',
      rejectText: 'The order stays in progress. The dealer will see the decision and your comment.',
      comment: 'Comment for the dealer', commentRequired: 'Tell the dealer why the request is rejected.',
      approved: 'Request approved: order {{number}} is cancelled.', rejected: 'The request for order {{number}} is rejected.',
    },
  },
});
