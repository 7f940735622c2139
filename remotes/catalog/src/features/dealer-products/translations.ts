import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    catalogue: {
      title: 'Каталог', total: 'Всего: {{count}}', search: 'Поиск по артикулу или названию', empty: 'Товаров не найдено',
      columns: { sku: 'Артикул', name: 'Название', category: 'Категория', unit: 'Ед.', listPrice: 'Цена по прайсу', dealerPrice: 'Ваша цена', available: 'Доступно', cart: 'В корзину' },
      filters: { category: 'Категория', stock: 'Наличие', inStock: 'в наличии' },
      back: 'В каталог', description: 'Описание', noDescription: 'Описания нет.', prices: 'Цены', sku: 'Артикул {{sku}}',
    },
  },
  en: {
    catalogue: {
      title: 'Catalogue', total: 'Total: {{count}}', search: 'Search by SKU or name', empty: 'No products found',
      columns: { sku: 'SKU', name: 'Name', category: 'Category', unit: 'Unit', listPrice: 'List price', dealerPrice: 'Your price', available: 'Available', cart: 'Add to cart' },
      filters: { category: 'Category', stock: 'Stock', inStock: 'in stock' },
      back: 'Back to the catalogue', description: 'Description', noDescription: 'No description.', prices: 'Prices', sku: 'SKU {{sku}}',
    },
  },
});
