// The shipments list's words (namespace `orders`, key `shipping`), Russian first.
import { addTranslations } from '@portal/shared';

addTranslations('orders', {
  ru: {
    shipping: {
      title: 'Отгрузки', empty: 'Отгрузок пока нет',
      columns: { order: 'Заказ', dealer: 'Дилер', carrier: 'Перевозчик', tracking: 'Трек-номер', status: 'Статус', shippedAt: 'Отправлена', waybill: 'Накладная' },
      filters: { status: 'Статус', dealer: 'Дилер' },
      unknownDealer: 'Дилер №{{id}}',
      statuses: { preparing: 'Готовится', in_transit: 'В пути', delivered: 'Доставлено' },
      order: 'Заказ № {{number}}', notShipped: 'ещё не отправлена', noTracking: 'нет', noWaybill: 'нет',
      download: 'Скачать', downloadLabel: 'Скачать накладную заказа №{{number}}',
      downloadFailed: 'Не удалось скачать накладную «{{name}}»: {{message}}',
      copy: 'Скопировать трек-номер {{number}}', copied: 'Трек-номер {{number}} скопирован',
      copyFailed: 'Не удалось скопировать трек-номер: браузер не дал доступа к буферу обмена',
    },
  },
  en: {
    shipping: {
      title: 'Shipments', empty: 'No shipments yet',
      columns: { order: 'Order', dealer: 'Dealer', carrier: 'Carrier', tracking: 'Tracking number', status: 'Status', shippedAt: 'Shipped', waybill: 'Waybill' },
      filters: { status: 'Status', dealer: 'Dealer' },
      unknownDealer: 'Dealer {{id}}',
      statuses: { preparing: 'Preparing', in_transit: 'In transit', delivered: 'Delivered' },
      order: 'Order {{number}}', notShipped: 'not sent yet', noTracking: 'none', noWaybill: 'none',
      download: 'Download', downloadLabel: 'Download the waybill of order {{number}}',
      downloadFailed: 'The waybill “{{name}}” could not be downloaded: {{message}}',
      copy: 'Copy tracking number {{number}}', copied: 'Tracking number {{number}} copied',
      copyFailed: 'The tracking number could not be copied: the browser denied access to the clipboard',
    },
  },
});
