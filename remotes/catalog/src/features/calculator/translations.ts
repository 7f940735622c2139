// The calculator's words (namespace `catalog`), loaded with the calculator only: the catalogue's
// first screen does not carry them (design §8).
import { addTranslations } from '@portal/shared';

addTranslations('catalog', {
  ru: {
    calculator: {
      title: 'Калькулятор', forDealers: 'Калькулятор считает по цене дилера: он открыт дилерам.', intro: 'Выберите категорию, товар и количество: калькулятор покажет вашу цену, сумму и остатки по складам.',
      steps: { category: 'Категория', product: 'Товар', quantity: 'Количество', result: 'Результат' },
      next: 'Далее', back: 'Назад', calculate: 'Рассчитать', restart: 'Начать заново',
      category: 'Категория товара', categoryRequired: 'Выберите категорию', noCategories: 'В каталоге пока нет товаров',
      product: 'Товар', productRequired: 'Выберите товар', noProducts: 'В этой категории нет товаров',
      quantity: 'Количество', availableHint: 'Доступно: {{available}} {{unit}}',
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
    calculator: {
      title: 'Calculator', forDealers: 'The calculator prices at a dealer\'s discount: it is for dealers.', intro: 'Choose a category, a product and a quantity: the calculator shows your price, the total and the stock per warehouse.',
      steps: { category: 'Category', product: 'Product', quantity: 'Quantity', result: 'Result' },
      next: 'Next', back: 'Back', calculate: 'Calculate', restart: 'Start over',
      category: 'Product category', categoryRequired: 'Choose a category', noCategories: 'The catalogue has no products yet',
      product: 'Product', productRequired: 'Choose a product', noProducts: 'This category has no products',
      quantity: 'Quantity', availableHint: 'Available: {{available}} {{unit}}',
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
