// The words of a store item's form and its stock movements (namespace `catalog`), loaded with
// those screens only: the catalogue's lists do not carry them (design §8).
import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    storeItems: {
      form: {
        product: 'Товар', productRequired: 'Выберите товар', productSearch: 'Начните вводить артикул или название',
        warehouse: 'Склад', warehouseRequired: 'Введите склад', quantity: 'Остаток',
        reservedHint: 'В резерве: {{reserved}} — столько подтверждённые заказы уже держат; остаток не может быть меньше.',
        quantityBelowReserved: 'Остаток не может быть меньше резерва ({{reserved}})',
        openingHint: 'Начальный остаток; дальше его меняют приход, списание и корректировка.',
      },
      movements: {
        title: 'Движения по складу', history: 'История движений', empty: 'Движений пока нет',
        summary: 'Остаток: {{quantity}} {{unit}}, в резерве {{reserved}}, доступно {{available}}.',
        open: { receipt: 'Приход', write_off: 'Списание', correction: 'Корректировка' },
        formTitle: { receipt: 'Приход', write_off: 'Списание', correction: 'Корректировка остатка' },
        submit: { receipt: 'Записать приход', write_off: 'Записать списание', correction: 'Записать корректировку' },
        quantity: 'Количество, {{unit}}', newTotal: 'Новый остаток, {{unit}}', reason: 'Причина', reasonRequired: 'Укажите причину',
        document: 'Документ (необязательно)', chooseDocument: 'Выбрать файл', documentTooLarge: 'Файл больше {{mb}} МБ',
        writeOffHint: 'Можно списать до {{free}} {{unit}}: {{reserved}} в резерве по заказам.',
        writeOffTooMuch: 'Можно списать не больше {{free}} {{unit}}: остальное в резерве по заказам или его нет',
        correctionHint: 'Сейчас {{quantity}} {{unit}}; не меньше резерва ({{reserved}}).',
        saved: {
          receipt: 'Приход {{quantity}} {{unit}} записан. Остаток: {{total}} {{unit}}.',
          write_off: 'Списание {{quantity}} {{unit}} записано. Остаток: {{total}} {{unit}}.',
          correction: 'Корректировка записана: остаток {{total}} {{unit}} (было {{before}}).',
        },
        kind: { receipt: 'Приход', write_off: 'Списание', correction: 'Корректировка', shipment: 'Отгрузка' },
        shipmentOf: 'Отгрузка по заказу № {{number}}', system: 'Система',
        columns: { at: 'Когда', kind: 'Операция', change: 'Изменение', total: 'Остаток после', reason: 'Причина', document: 'Документ', by: 'Кто' },
      },
    },
  },
  en: {
    storeItems: {
      form: {
        product: 'Product', productRequired: 'Choose a product', productSearch: 'Type a SKU or a name',
        warehouse: 'Warehouse', warehouseRequired: 'Enter the warehouse', quantity: 'On hand',
        reservedHint: 'Reserved: {{reserved}}, held by confirmed orders; the quantity cannot be less.',
        quantityBelowReserved: 'The quantity cannot be less than the reserved {{reserved}}',
        openingHint: 'The opening quantity; receipts, write-offs and corrections change it afterwards.',
      },
      movements: {
        title: 'Stock movements', history: 'Movement history', empty: 'No movements yet',
        summary: 'On hand: {{quantity}} {{unit}}, {{reserved}} reserved, {{available}} available.',
        open: { receipt: 'Receipt', write_off: 'Write-off', correction: 'Correction' },
        formTitle: { receipt: 'Receipt', write_off: 'Write-off', correction: 'Stock correction' },
        submit: { receipt: 'Record the receipt', write_off: 'Record the write-off', correction: 'Record the correction' },
        quantity: 'Quantity, {{unit}}', newTotal: 'New total, {{unit}}', reason: 'Reason', reasonRequired: 'Give a reason',
        document: 'Document (optional)', chooseDocument: 'Choose a file', documentTooLarge: 'The file is over {{mb}} MB',
        writeOffHint: 'Up to {{free}} {{unit}} can be written off: {{reserved}} are reserved by orders.',
        writeOffTooMuch: 'At most {{free}} {{unit}} can be written off: the rest is reserved by orders or not there',
        correctionHint: 'Now {{quantity}} {{unit}}; not less than the reserved {{reserved}}.',
        saved: {
          receipt: 'Receipt of {{quantity}} {{unit}} recorded. On hand: {{total}} {{unit}}.',
          write_off: 'Write-off of {{quantity}} {{unit}} recorded. On hand: {{total}} {{unit}}.',
          correction: 'Correction recorded: {{total}} {{unit}} on hand (was {{before}}).',
        },
        kind: { receipt: 'Receipt', write_off: 'Write-off', correction: 'Correction', shipment: 'Shipment' },
        shipmentOf: 'Shipment of order No. {{number}}', system: 'System',
        columns: { at: 'When', kind: 'Operation', change: 'Change', total: 'On hand after', reason: 'Reason', document: 'Document', by: 'By' },
      },
    },
  },
});
