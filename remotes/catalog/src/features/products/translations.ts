// The words of the product form (namespace `catalog`), loaded with the staff's create and edit
// screens only: a dealer's catalogue does not carry them (design §8).
import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    products: {
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
      form: {
        sku: 'SKU', name: 'Name', description: 'Description', category: 'Category', unit: 'Unit', price: 'Price',
        isActive: 'On sale', skuRequired: 'Enter the SKU', skuPattern: 'Letters, digits and . _ / - without spaces',
        skuTaken: 'A product with the SKU “{{sku}}” already exists', nameRequired: 'Enter the name', categoryRequired: 'Enter the category',
        priceRequired: 'Enter the price', priceHint: 'The list price; a dealer pays it less its group\'s discount.',
      },
    },
  },
});
