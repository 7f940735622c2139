import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    products: {
      title: 'Каталог', create: 'Новый товар', newTitle: 'Новый товар', editTitle: 'Товар: {{name}}', back: 'К товарам',
      empty: 'Товаров пока нет', search: 'Поиск по артикулу, названию, описанию',
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
  },
  en: {
    products: {
      title: 'Catalogue', create: 'New product', newTitle: 'New product', editTitle: 'Product: {{name}}', back: 'Back to products',
      empty: 'No products yet', search: 'Search by SKU, name, description',
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
  },
});
