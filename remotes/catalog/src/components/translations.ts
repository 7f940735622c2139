// The words the catalog's screens share (namespace `catalog`): prices, stock per warehouse, the
// «В корзину» control. Each feature adds its own words beside its screens; the bundles merge deeply.
import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    common: {
      listPrice: 'Цена по прайсу', dealerPrice: 'Ваша цена', discount: 'Скидка',
      available: 'Доступно', unit: 'Ед.', noStock: 'Нет в наличии',
    },
    stock: {
      caption: 'Остатки по складам', warehouse: 'Склад', quantity: 'Остаток', reserved: 'В резерве', available: 'Доступно',
      empty: 'Товара нет ни на одном складе', total: 'Итого доступно', retry: 'Повторить',
    },
    cart: {
      add: 'В корзину', quantity: 'Количество', quantityOf: 'Количество: {{name}}',
      added: 'В корзину добавлено: {{name}}, {{quantity}} {{unit}}',
    },
  },
  en: {
    common: {
      listPrice: 'List price', dealerPrice: 'Your price', discount: 'Discount',
      available: 'Available', unit: 'Unit', noStock: 'Out of stock',
    },
    stock: {
      caption: 'Stock per warehouse', warehouse: 'Warehouse', quantity: 'On hand', reserved: 'Reserved', available: 'Available',
      empty: 'Not held in any warehouse', total: 'Available in all', retry: 'Retry',
    },
    cart: {
      add: 'Add to cart', quantity: 'Quantity', quantityOf: 'Quantity: {{name}}',
      added: 'Added to the cart: {{name}}, {{quantity}} {{unit}}',
    },
  },
});
