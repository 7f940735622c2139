// The catalog remote's words (namespace `catalog`), Russian and English: what its screens share
// (prices, stock per warehouse, «В корзину») and each screen's own. Imported once, by module.tsx.
import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    common: {
      listPrice: 'Цена по прайсу', dealerPrice: 'Ваша цена', available: 'Доступно', unit: 'Ед.', noStock: 'Нет в наличии',
    },
    stock: {
      caption: 'Остатки по складам', warehouse: 'Склад', quantity: 'Остаток', reserved: 'В резерве', available: 'Доступно',
      empty: 'Товара нет ни на одном складе', total: 'Итого доступно', retry: 'Повторить',
    },
    cart: {
      add: 'В корзину', quantityOf: 'Количество: {{name}}',
      added: 'В корзину добавлено: {{name}}, {{quantity}} {{unit}}',
    },
    catalogue: {
      title: 'Каталог', total: 'Всего: {{count}}', search: 'Поиск по артикулу или названию', empty: 'Товаров не найдено',
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
      form: {
        sku: 'Артикул', name: 'Название', description: 'Описание', category: 'Категория', unit: 'Единица', price: 'Цена',
        isActive: 'Продаётся', skuRequired: 'Введите артикул', skuPattern: 'Буквы, цифры и . _ / - без пробелов',
        skuTaken: 'Товар с артикулом «{{sku}}» уже есть', nameRequired: 'Введите название', categoryRequired: 'Введите категорию',
        priceRequired: 'Введите цену', priceHint: 'Цена по прайсу; цена дилера — за вычетом скидки его группы.',
      },
    },
    storeItems: {
      title: 'Склад', create: 'Новая позиция', newTitle: 'Новая складская позиция', editTitle: 'Остаток: {{name}}, {{warehouse}}',
      back: 'К складу', empty: 'Складских позиций нет',
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
    calculator: {
      title: 'Калькулятор', forDealers: 'Калькулятор считает по цене дилера: он открыт дилерам.', intro: 'Выберите категорию, товар и количество: калькулятор покажет вашу цену, сумму и остатки по складам.',
      steps: { category: 'Категория', product: 'Товар', quantity: 'Количество', result: 'Результат' },
      next: 'Далее', back: 'Назад', calculate: 'Рассчитать', restart: 'Начать заново',
      category: 'Категория товара', categoryRequired: 'Выберите категорию', noCategories: 'В каталоге пока нет товаров',
      product: 'Товар', productRequired: 'Выберите товар', noProducts: 'В этой категории нет товаров',
      quantity: 'Количество', quantityRequired: 'Введите количество от 1', availableHint: 'Доступно: {{available}} {{unit}}',
      productGone: 'Товар больше не продаётся. Выберите другой.',
      result: {
        product: 'Товар', listPrice: 'Цена по прайсу', discount: 'Скидка вашей группы', dealerPrice: 'Ваша цена',
        quantity: 'Количество', total: 'Сумма', available: 'Доступно на складах',
        short: 'Запрошено {{quantity}} {{unit}}, а доступно только {{available}} {{unit}}. Менеджер подтвердит заказ, когда товар поступит.',
        estimate: 'Цены предварительные: сумму заказа считает сервер при оформлении.',
      },
    },
  },
  en: {
    common: {
      listPrice: 'List price', dealerPrice: 'Your price', available: 'Available', unit: 'Unit', noStock: 'Out of stock',
    },
    stock: {
      caption: 'Stock per warehouse', warehouse: 'Warehouse', quantity: 'On hand', reserved: 'Reserved', available: 'Available',
      empty: 'Not held in any warehouse', total: 'Available in all', retry: 'Retry',
    },
    cart: {
      add: 'Add to cart', quantityOf: 'Quantity: {{name}}',
      added: 'Added to the cart: {{name}}, {{quantity}} {{unit}}',
    },
    catalogue: {
      title: 'Catalogue', total: 'Total: {{count}}', search: 'Search by SKU or name', empty: 'No products found',
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
      form: {
        sku: 'SKU', name: 'Name', description: 'Description', category: 'Category', unit: 'Unit', price: 'Price',
        isActive: 'On sale', skuRequired: 'Enter the SKU', skuPattern: 'Letters, digits and . _ / - without spaces',
        skuTaken: 'A product with the SKU “{{sku}}” already exists', nameRequired: 'Enter the name', categoryRequired: 'Enter the category',
        priceRequired: 'Enter the price', priceHint: 'The list price; a dealer pays it less its group\'s discount.',
      },
    },
    storeItems: {
      title: 'Stock', create: 'New stock item', newTitle: 'New stock item', editTitle: 'Stock: {{name}}, {{warehouse}}',
      back: 'Back to stock', empty: 'No stock items',
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
    calculator: {
      title: 'Calculator', forDealers: 'The calculator prices at a dealer\'s discount: it is for dealers.', intro: 'Choose a category, a product and a quantity: the calculator shows your price, the total and the stock per warehouse.',
      steps: { category: 'Category', product: 'Product', quantity: 'Quantity', result: 'Result' },
      next: 'Next', back: 'Back', calculate: 'Calculate', restart: 'Start over',
      category: 'Product category', categoryRequired: 'Choose a category', noCategories: 'The catalogue has no products yet',
      product: 'Product', productRequired: 'Choose a product', noProducts: 'This category has no products',
      quantity: 'Quantity', quantityRequired: 'Enter a quantity of 1 or more', availableHint: 'Available: {{available}} {{unit}}',
      productGone: 'The product is no longer sold. Choose another.',
      result: {
        product: 'Product', listPrice: 'List price', discount: 'Your group\'s discount', dealerPrice: 'Your price',
        quantity: 'Quantity', total: 'Total', available: 'Available in the warehouses',
        short: '{{quantity}} {{unit}} asked for, but only {{available}} {{unit}} available. A manager confirms the order once the stock arrives.',
        estimate: 'Prices are an estimate: the server prices the order when it is placed.',
      },
    },
  },
});
