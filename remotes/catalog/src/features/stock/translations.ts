import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    storeItems: {
      title: 'Склад', create: 'Новая позиция', newTitle: 'Новая складская позиция', editTitle: 'Остаток: {{name}}, {{warehouse}}',
      back: 'К складу', empty: 'Складских позиций нет', search: 'Поиск по артикулу, товару, складу',
      columns: { sku: 'Артикул', product: 'Товар', warehouse: 'Склад', quantity: 'Остаток', reserved: 'В резерве', available: 'Доступно', updated_at: 'Обновлено', actions: 'Действия' },
      filters: { warehouse: 'Склад' },
      edit: 'Изменить', delete: 'Удалить',
      deleteConfirm: 'Удалить остаток «{{name}}» на складе «{{warehouse}}»?', deleteText: 'Позиция пропадёт со склада; товар станет недоступен там.',
      form: {
        product: 'Товар', productRequired: 'Выберите товар', productSearch: 'Начните вводить артикул или название',
        warehouse: 'Склад', warehouseRequired: 'Введите склад', quantity: 'Остаток', quantityRequired: 'Введите остаток от 0',
        reservedHint: 'В резерве: {{reserved}} — столько подтверждённые заказы уже держат; остаток не может быть меньше.',
        quantityBelowReserved: 'Остаток не может быть меньше резерва ({{reserved}})',
      },
    },
  },
  en: {
    storeItems: {
      title: 'Stock', create: 'New stock item', newTitle: 'New stock item', editTitle: 'Stock: {{name}}, {{warehouse}}',
      back: 'Back to stock', empty: 'No stock items', search: 'Search by SKU, product, warehouse',
      columns: { sku: 'SKU', product: 'Product', warehouse: 'Warehouse', quantity: 'On hand', reserved: 'Reserved', available: 'Available', updated_at: 'Updated', actions: 'Actions' },
      filters: { warehouse: 'Warehouse' },
      edit: 'Edit', delete: 'Delete',
      deleteConfirm: 'Delete the stock of “{{name}}” in “{{warehouse}}”?', deleteText: 'The item leaves the warehouse; the product is no longer available there.',
      form: {
        product: 'Product', productRequired: 'Choose a product', productSearch: 'Type a SKU or a name',
        warehouse: 'Warehouse', warehouseRequired: 'Enter the warehouse', quantity: 'On hand', quantityRequired: 'Enter a quantity of 0 or more',
        reservedHint: 'Reserved: {{reserved}}, held by confirmed orders; the quantity cannot be less.',
        quantityBelowReserved: 'The quantity cannot be less than the reserved {{reserved}}',
      },
    },
  },
});
