// The words of the orders list and the order page (namespace `orders`, key `orders`), in Russian
// and English. Buttons and labels are the words of design §13 («Запросить отмену», «Повторить
// заказ», «Подтвердить», «Отгрузить», «Перевозчик», «Трек-номер», «Причина», «Итого», «Скачать»).
import { addTranslations } from '@portal/shared';

addTranslations('orders', {
  ru: {
    orders: {
      title: 'Заказы', empty: 'Заказов пока нет', search: 'Поиск по номеру',
      columns: { number: 'Номер', createdAt: 'Дата', dealer: 'Дилер', status: 'Статус', total: 'Сумма', lines: 'Позиций' },
      filters: { status: 'Статус', dealer: 'Дилер', from: 'С даты', to: 'По дату' },
      back: 'Ко всем заказам', heading: 'Заказ № {{number}}', createdAt: 'от',
      notFound: 'Заказ не найден', notFoundText: 'Такого заказа нет, или он вам недоступен.',
      dealer: 'Дилер: {{name}}',
      lines: {
        title: 'Позиции', sku: 'Артикул', name: 'Товар', quantity: 'Количество', price: 'Цена', amount: 'Сумма',
        total: 'Итого', remove: 'Убрать', removeLine: 'Убрать «{{name}}»', quantityOf: 'Количество: {{name}}',
        quantityRequired: 'Укажите количество', noLines: 'В заказе должна остаться хотя бы одна позиция.',
        estimate: 'Сумма пересчитается по текущим ценам при сохранении.',
      },
      comment: 'Комментарий', noComment: 'Без комментария',
      document: 'Документ заказа', download: 'Скачать', downloadFailed: 'Не удалось скачать «{{name}}»: {{message}}',
      history: 'История статусов',
      file: {
        chosen: '{{name}} ({{size}})', remove: 'Убрать файл «{{name}}»', limit: 'Не больше {{limit}}',
        tooBig: 'Файл «{{name}}» весит {{size}}, больше допустимых {{limit}}. Выберите файл поменьше.',
      },
      edit: {
        open: 'Изменить заказ', title: 'Изменение заказа', save: 'Сохранить изменения',
        delete: 'Удалить заказ', deleteConfirm: 'Удалить заказ № {{number}}?', deleteText: 'Заказ будет удалён насовсем, вместе с его документами.',
      },
      status: {
        confirm: 'Подтвердить', ship: 'Отгружен', complete: 'Завершить', cancel: 'Отменить заказ',
        confirmTitle: 'Подтвердить заказ № {{number}}?', confirmText: 'Товар будет зарезервирован на складе.',
        shipTitle: 'Отметить заказ № {{number}} отгруженным?', shipText: 'Зарезервированный товар будет списан со склада.',
        completeTitle: 'Завершить заказ № {{number}}?', completeText: 'Заказ получит статус «Выполнен».',
        cancelTitle: 'Отменить заказ № {{number}}?', cancelText: 'Резерв на складе будет снят. Отменённый заказ нельзя вернуть.',
        comment: 'Комментарий к смене статуса (необязательно)',
      },
      shipments: {
        title: 'Отгрузки', empty: 'Отгрузок пока нет', carrier: 'Перевозчик', tracking: 'Трек-номер', status: 'Статус',
        shippedAt: 'Отправлено', noWaybill: 'Без накладной', noTracking: 'не указан',
        copy: 'Скопировать трек-номер', copied: 'Скопировано',
        loadFailed: 'Не удалось загрузить отгрузки: {{message}}',
        ship: 'Отгрузить', formTitle: 'Новая отгрузка', carrierRequired: 'Укажите перевозчика', trackingRequired: 'Укажите трек-номер',
        waybill: 'Накладная', waybillChoose: 'Выбрать накладную',
        sending: 'Отправляется накладная', save: 'Записать отгрузку', cancel: 'Отмена',
        inTransit: 'Отправлена', delivered: 'Доставлена',
        inTransitTitle: 'Отгрузка ушла к получателю?', inTransitText: 'Отгрузка получит статус «В пути», заказ — «Отгружен».',
        deliveredTitle: 'Отгрузка доставлена?', deliveredText: 'Когда доставлены все отгрузки заказа, он получает статус «Выполнен».',
        number: 'Отгрузка {{index}}',
      },
      cancellation: {
        title: 'Запрос на отмену', request: 'Запросить отмену', reason: 'Причина', reasonRequired: 'Укажите причину',
        document: 'Документ (необязательно)', choose: 'Выбрать файл',
        send: 'Отправить запрос', cancel: 'Отмена', decidedAt: 'решение принято',
        pending: 'Менеджер рассмотрит запрос. Пока он не принят, заказ остаётся в работе.',
        approved: 'Запрос одобрен: заказ отменён.', rejected: 'Запрос отклонён: заказ остаётся в работе.',
        loadFailed: 'Не удалось загрузить запросы на отмену: {{message}}',
      },
      reorder: {
        button: 'Повторить заказ', name: '«{{name}}»', added: 'В корзину добавлено позиций: {{count}}.', toCart: 'Перейти в корзину',
        unavailable: 'Больше не продаются и не добавлены: {{names}}.', noneAdded: 'Ни одна позиция не добавлена: все товары сняты с продажи.',
        failed: 'Не удалось повторить заказ: {{message}}',
      },
    },
  },
  en: {
    orders: {
      title: 'Orders', empty: 'No orders yet', search: 'Search by number',
      columns: { number: 'Number', createdAt: 'Date', dealer: 'Dealer', status: 'Status', total: 'Total', lines: 'Lines' },
      filters: { status: 'Status', dealer: 'Dealer', from: 'From', to: 'To' },
      back: 'All orders', heading: 'Order no. {{number}}', createdAt: 'placed',
      notFound: 'Order not found', notFoundText: 'There is no such order, or it is not available to you.',
      dealer: 'Dealer: {{name}}',
      lines: {
        title: 'Lines', sku: 'SKU', name: 'Product', quantity: 'Quantity', price: 'Price', amount: 'Amount',
        total: 'Total', remove: 'Remove', removeLine: 'Remove “{{name}}”', quantityOf: 'Quantity: {{name}}',
        quantityRequired: 'Enter a quantity', noLines: 'An order must keep at least one line.',
        estimate: 'The total is recalculated at today\'s prices when you save.',
      },
      comment: 'Comment', noComment: 'No comment',
      document: 'Order document', download: 'Download', downloadFailed: '“{{name}}” could not be downloaded: {{message}}',
      history: 'Status history',
      file: {
        chosen: '{{name}} ({{size}})', remove: 'Remove the file “{{name}}”', limit: 'Up to {{limit}}',
        tooBig: 'The file “{{name}}” is {{size}}, over the {{limit}} allowed. Choose a smaller one.',
      },
      edit: {
        open: 'Edit order', title: 'Editing the order', save: 'Save changes',
        delete: 'Delete order', deleteConfirm: 'Delete order no. {{number}}?', deleteText: 'The order will be deleted for good, with its documents.',
      },
      status: {
        confirm: 'Confirm', ship: 'Shipped', complete: 'Complete', cancel: 'Cancel order',
        confirmTitle: 'Confirm order no. {{number}}?', confirmText: 'Its goods will be reserved in stock.',
        shipTitle: 'Mark order no. {{number}} as shipped?', shipText: 'The reserved goods will be taken out of stock.',
        completeTitle: 'Complete order no. {{number}}?', completeText: 'The order will be marked “Completed”.',
        cancelTitle: 'Cancel order no. {{number}}?', cancelText: 'The stock reservation will be released. A cancelled order cannot be restored.',
        comment: 'Comment on the change (optional)',
      },
      shipments: {
        title: 'Shipments', empty: 'No shipments yet', carrier: 'Carrier', tracking: 'Tracking number', status: 'Status',
        shippedAt: 'Sent', noWaybill: 'No waybill', noTracking: 'not given',
        copy: 'Copy the tracking number', copied: 'Copied',
        loadFailed: 'The shipments could not be loaded: {{message}}',
        ship: 'Ship', formTitle: 'New shipment', carrierRequired: 'Enter the carrier', trackingRequired: 'Enter the tracking number',
        waybill: 'Waybill', waybillChoose: 'Choose the waybill',
        sending: 'Sending the waybill', save: 'Record the shipment', cancel: 'Cancel',
        inTransit: 'Sent out', delivered: 'Delivered',
        inTransitTitle: 'Has the shipment left?', inTransitText: 'The shipment becomes “In transit” and the order “Shipped”.',
        deliveredTitle: 'Has the shipment been delivered?', deliveredText: 'Once every shipment of the order is delivered, the order is “Completed”.',
        number: 'Shipment {{index}}',
      },
      cancellation: {
        title: 'Cancellation request', request: 'Request cancellation', reason: 'Reason', reasonRequired: 'Enter the reason',
        document: 'Document (optional)', choose: 'Choose a file',
        send: 'Send the request', cancel: 'Cancel', decidedAt: 'decided',
        pending: 'A manager will review the request. Until then the order stays in progress.',
        approved: 'Request approved: the order is cancelled.', rejected: 'Request rejected: the order stays in progress.',
        loadFailed: 'The cancellation requests could not be loaded: {{message}}',
      },
      reorder: {
        button: 'Reorder', name: '“{{name}}”', added: 'Lines added to the cart: {{count}}.', toCart: 'Go to the cart',
        unavailable: 'No longer sold and not added: {{names}}.', noneAdded: 'No line was added: every product is no longer sold.',
        failed: 'The order could not be repeated: {{message}}',
      },
    },
  },
});
