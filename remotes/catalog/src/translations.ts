// The catalog remote's words (namespace `catalog`), Russian and English: what its screens share
// (prices, stock per warehouse, «В корзину») and each screen's own. Imported once, by module.tsx.
import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    answers: {
      productCreated: 'Товар «{{name}}» добавлен в каталог', productSaved: 'Товар «{{name}}» сохранён',
      stockCreated: 'Остаток «{{name}}» на складе «{{warehouse}}» заведён', stockSaved: 'Остаток «{{name}}» на складе «{{warehouse}}» сохранён',
    },
    common: {
      listPrice: 'Цена по прайсу', dealerPrice: 'Ваша цена', available: 'Доступно', unit: 'Ед.', noStock: 'Нет в наличии',
    },
    stock: {
      caption: 'Остатки по складам', warehouse: 'Склад', quantity: 'Остаток', reserved: 'В резерве', available: 'Доступно',
      empty: 'Товара нет ни на одном складе', total: 'Итого доступно', retry: 'Повторить', loading: 'Загрузка остатков…',
    },
    cart: {
      add: 'В корзину', quantityOf: 'Количество: {{name}}',
      added: 'В корзину добавлено: {{name}}, {{quantity}} {{unit}}',
      short: 'Доступно {{available}} {{unit}}: остальное — под заказ',
      noneShort: 'Сейчас нет в наличии: всё — под заказ',
    },
    catalogue: {
      title: 'Каталог', total: 'Всего: {{count}}', search: 'Поиск по артикулу или названию', empty: 'Товаров не найдено',
      priceList: 'Скачать прайс-лист',
      columns: { sku: 'Артикул', name: 'Название', category: 'Категория', unit: 'Ед.', listPrice: 'Цена по прайсу', dealerPrice: 'Ваша цена', available: 'Доступно', cart: 'В корзину' },
      filters: { category: 'Категория', stock: 'Наличие', inStock: 'в наличии' },
      back: 'В каталог', description: 'Описание', noDescription: 'Описания нет.', prices: 'Цены', sku: 'Артикул {{sku}}',
    },
    products: {
      title: 'Каталог', create: 'Новый товар', newTitle: 'Новый товар', editTitle: 'Товар: {{name}}', back: 'К товарам',
      empty: 'Товаров пока нет',
      columns: { sku: 'Артикул', name: 'Название', category: 'Категория', unit: 'Ед.', price: 'Цена', available: 'Доступно', is_active: 'Статус', actions: 'Действия' },
      filters: { category: 'Категория', active: 'Статус' },
      active: 'Продаётся', inactive: 'Снят с продажи', activeMany: 'продаются', inactiveMany: 'сняты с продажи',
      edit: 'Изменить', delete: 'Удалить', deactivate: 'Снять с продажи', activate: 'Вернуть в продажу',
      deleteConfirm: 'Удалить товар «{{name}}»?', deleteText: 'Товар пропадёт из каталога насовсем. Товар, который уже есть в заказах, удалить нельзя: снимите его с продажи.',
      deactivateConfirm: 'Снять «{{name}}» с продажи?', deactivateText: 'Дилеры перестанут видеть товар в каталоге; заказы с ним останутся.',
      activateConfirm: 'Вернуть «{{name}}» в продажу?', activateText: 'Товар снова появится в каталоге дилеров.',
      description: 'Описание', noDescription: 'Описания нет.', details: 'Товар', createdAt: 'Добавлен',
    },
    storeItems: {
      title: 'Склад', create: 'Новая позиция', newTitle: 'Новая складская позиция', editTitle: 'Остаток: {{name}}, {{warehouse}}',
      back: 'К складу', empty: 'Складских позиций нет',
      columns: { sku: 'Артикул', product: 'Товар', warehouse: 'Склад', quantity: 'Остаток', reserved: 'В резерве', available: 'Доступно', updated_at: 'Обновлено', actions: 'Действия' },
      filters: { warehouse: 'Склад' },
      edit: 'Изменить', delete: 'Удалить',
      deleteConfirm: 'Удалить остаток «{{name}}» на складе «{{warehouse}}»?', deleteText: 'Позиция пропадёт со склада; товар станет недоступен там.',
    },
  },
  en: {
    answers: {
      productCreated: 'Product “{{name}}” added to the catalogue', productSaved: 'Product “{{name}}” saved',
      stockCreated: 'Stock of “{{name}}” at “{{warehouse}}” set up', stockSaved: 'Stock of “{{name}}” at “{{warehouse}}” saved',
    },
    common: {
      listPrice: 'List price', dealerPrice: 'Your price', available: 'Available', unit: 'Unit', noStock: 'Out of stock',
    },
    stock: {
      caption: 'Stock per warehouse', warehouse: 'Warehouse', quantity: 'On hand', reserved: 'Reserved', available: 'Available',
      empty: 'Not held in any warehouse', total: 'Available in all', retry: 'Retry', loading: 'Loading stock…',
    },
    cart: {
      add: 'Add to cart', quantityOf: 'Quantity: {{name}}',
      added: 'Added to the cart: {{name}}, {{quantity}} {{unit}}',
      short: '{{available}} {{unit}} available: the rest on back order',
      noneShort: 'Out of stock now: all on back order',
    },
    catalogue: {
      title: 'Catalogue', total: 'Total: {{count}}', search: 'Search by SKU or name', empty: 'No products found',
      priceList: 'Download price list',
      columns: { sku: 'SKU', name: 'Name', category: 'Category', unit: 'Unit', listPrice: 'List price', dealerPrice: 'Your price', available: 'Available', cart: 'Add to cart' },
      filters: { category: 'Category', stock: 'Stock', inStock: 'in stock' },
      back: 'Back to the catalogue', description: 'Description', noDescription: 'No description.', prices: 'Prices', sku: 'SKU {{sku}}',
    },
    products: {
      title: 'Catalogue', create: 'New product', newTitle: 'New product', editTitle: 'Product: {{name}}', back: 'Back to products',
      empty: 'No products yet',
      columns: { sku: 'SKU', name: 'Name', category: 'Category', unit: 'Unit', price: 'Price', available: 'Available', is_active: 'Status', actions: 'Actions' },
      filters: { category: 'Category', active: 'Status' },
      active: 'On sale', inactive: 'Withdrawn', activeMany: 'on sale', inactiveMany: 'withdrawn',
      edit: 'Edit', delete: 'Delete', deactivate: 'Withdraw from sale', activate: 'Put back on sale',
      deleteConfirm: 'Delete the product “{{name}}”?', deleteText: 'The product will be gone from the catalogue for good. A product already in orders cannot be deleted: withdraw it instead.',
      deactivateConfirm: 'Withdraw “{{name}}” from sale?', deactivateText: 'Dealers will no longer see it in the catalogue; orders with it stay.',
      activateConfirm: 'Put “{{name}}” back on sale?', activateText: 'The product will be in the dealers\' catalogue again.',
      description: 'Description', noDescription: 'No description.', details: 'Product', createdAt: 'Added',
    },
    storeItems: {
      title: 'Stock', create: 'New stock item', newTitle: 'New stock item', editTitle: 'Stock: {{name}}, {{warehouse}}',
      back: 'Back to stock', empty: 'No stock items',
      columns: { sku: 'SKU', product: 'Product', warehouse: 'Warehouse', quantity: 'On hand', reserved: 'Reserved', available: 'Available', updated_at: 'Updated', actions: 'Actions' },
      filters: { warehouse: 'Warehouse' },
      edit: 'Edit', delete: 'Delete',
      deleteConfirm: 'Delete the stock of “{{name}}” in “{{warehouse}}”?', deleteText: 'The item leaves the warehouse; the product is no longer available there.',
    },
  },
});
