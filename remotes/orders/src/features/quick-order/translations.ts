// Quick order's words (namespace `orders`, key `quickOrder`), in Russian and English. «Быстрый
// заказ» is design §13's.
import { addTranslations } from '@portal/shared';

addTranslations('orders', {
  ru: {
    quickOrder: {
      title: 'Быстрый заказ',
      lead: 'Наберите артикулы и количество, вставьте строки из таблицы или загрузите CSV-файл: найденные товары добавятся в корзину, а строки с ошибками останутся здесь для исправления.',
      rows: 'Строки заказа',
      columns: { line: '№', sku: 'Артикул', quantity: 'Количество', product: 'Товар', actions: 'Действия' },
      skuOf: 'Артикул, строка {{n}}', quantityOf: 'Количество, строка {{n}}', removeOf: 'Удалить строку {{n}}',
      skuPlaceholder: 'Артикул или название',
      addRow: 'Добавить строку', toCart: 'В корзину',
      paste: 'Вставить строки', pasteLabel: 'Строки «артикул количество»',
      pasteHint: 'По строке на товар; между артикулом и количеством — табуляция, пробел или точка с запятой. Можно скопировать прямо из Excel.',
      pasteAdd: 'Добавить строки в корзину',
      csv: 'Загрузить CSV', csvHint: 'Столбцы «Артикул» и «Количество», разделитель «;» или «,», с заголовком или без; UTF-8 или Windows-1251.',
      csvChoose: 'Выбрать CSV-файл', csvEmpty: 'В файле «{{name}}» нет строк с артикулами.', csvFailed: 'Не удалось прочитать «{{name}}»: {{message}}',
      pasteEmpty: 'Вставьте хотя бы одну строку.',
      nothing: 'Заполните хотя бы одну строку.',
      added: 'В корзину добавлено строк: {{lines}}, всего {{units}} шт.',
      toCartLink: 'Перейти в корзину',
      toFix: 'Не добавлено строк: {{count}}. Исправьте их в таблице и нажмите «В корзину».',
      lookupFailed: 'Не удалось проверить артикулы: {{message}}. Ничего не добавлено.',
      problems: {
        missing: 'Введите артикул.',
        unknown: 'Артикул «{{sku}}» не найден или товар больше не продаётся.',
        bad: 'Количество — целое число от 1 до {{max}}.',
        badWritten: 'Количество «{{written}}» не подходит: нужно целое число от 1 до {{max}}.',
      },
      fromLine: 'из строки {{line}}',
    },
  },
  en: {
    quickOrder: {
      title: 'Quick order',
      lead: 'Type SKUs and quantities, paste lines from a spreadsheet or upload a CSV file: the products found join the cart, and lines with errors stay here to be corrected.',
      rows: 'Order lines',
      columns: { line: '#', sku: 'SKU', quantity: 'Quantity', product: 'Product', actions: 'Actions' },
      skuOf: 'SKU, line {{n}}', quantityOf: 'Quantity, line {{n}}', removeOf: 'Remove line {{n}}',
      skuPlaceholder: 'SKU or name',
      addRow: 'Add a line', toCart: 'Add to cart',
      paste: 'Paste lines', pasteLabel: 'Lines of “SKU quantity”',
      pasteHint: 'One product per line; a tab, a space or a semicolon between the SKU and the quantity. Copying straight from Excel works.',
      pasteAdd: 'Add the lines to the cart',
      csv: 'Upload a CSV', csvHint: 'Columns “SKU” and “Quantity”, separated by “;” or “,”, with or without a header; UTF-8 or Windows-1251.',
      csvChoose: 'Choose a CSV file', csvEmpty: 'The file “{{name}}” has no lines with SKUs.', csvFailed: '“{{name}}” could not be read: {{message}}',
      pasteEmpty: 'Paste at least one line.',
      nothing: 'Fill in at least one line.',
      added: 'Added to the cart — lines: {{lines}}, units: {{units}}.',
      toCartLink: 'Go to the cart',
      toFix: 'Lines not added: {{count}}. Correct them in the table and press “Add to cart”.',
      lookupFailed: 'The SKUs could not be checked: {{message}}. Nothing was added.',
      problems: {
        missing: 'Enter a SKU.',
        unknown: 'SKU “{{sku}}” is not found or no longer sold.',
        bad: 'The quantity is a whole number from 1 to {{max}}.',
        badWritten: 'The quantity “{{written}}” will not do: a whole number from 1 to {{max}} is needed.',
      },
      fromLine: 'from line {{line}}',
    },
  },
});
