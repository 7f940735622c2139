import type { DealerProduct } from '@portal/shared';
import { parsePastedLines } from './order-lines';
import { emptyRow, rowsOf, sortRows } from './order-rows';

const valve = { id: 3, sku: 'КЛ-ШАР-10', name: 'Клапан шаровой', dealer_price: '99.90' } as DealerProduct;
const found = new Map([['КЛ-ШАР-10', valve]]);

it('a sold SKU with a good quantity becomes a cart line at the dealer\'s price; the rest are kept with why; blank rows are left out', () => {
  const rows = [...rowsOf(parsePastedLines('кл-шар-10 2\nНЕТ-ТАКОГО 1\nКЛ-ШАР-10 0\n;5')), emptyRow()];
  const { add, fix } = sortRows(rows, found);
  expect(add).toEqual([{ product: 3, sku: 'КЛ-ШАР-10', name: 'Клапан шаровой', price: '99.90', quantity: 2 }]);
  expect(fix.map(({ sku, written, line, problems }) => ({ sku, written, line, problems }))).toEqual([
    { sku: 'НЕТ-ТАКОГО', written: undefined, line: 2, problems: { sku: 'unknown' } },
    { sku: 'КЛ-ШАР-10', written: '0', line: 3, problems: { quantity: 'bad' } },
    { sku: '', written: undefined, line: 4, problems: { sku: 'missing' } },
  ]);
});
