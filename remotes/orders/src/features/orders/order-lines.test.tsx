import { screen, within } from '@testing-library/react';
import type { Order } from '@portal/shared';
import { renderScreen, signIn, STAFF, windowOf } from '@portal/shared/ui/testing';
import '../../translations';
import { OrderLines } from './order-lines';

const order: Order = {
  id: 1, number: '2026-000001', dealer: 3, dealer_name: 'ТехноСнаб', status: 'new',
  items: [
    { id: 1, product: 101, sku: 'ET-DRL-04', name: 'Дрель-шуруповёрт аккумуляторная бесщёточная', quantity: 500, price: '8065.50', amount: '4032750.00', available: 26 },
    { id: 2, product: 102, sku: 'PL-ELB-04', name: 'Угольник 90°', quantity: 20, price: '27.65', amount: '553.00', available: 900 },
  ],
  total: '4033303.00', comment: '', document: null, created_at: '2026-11-14T09:00:00Z', updated_at: '2026-11-14T09:00:00Z', history: [],
};

afterEach(() => { localStorage.clear(); });

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
/** «Итого»'s row: its cells as the table draws them. */
const totalRow = () => screen.getByText('Итого').closest('tr') as HTMLElement;
const width = (row: HTMLElement) => within(row).getAllByRole('cell').reduce((sum, cell) => sum + Number(cell.getAttribute('colspan') ?? 1), 0);

it('on a wide screen every column is there, and «Итого» spans all but the total', () => {
  signIn(STAFF);
  renderScreen(<OrderLines order={order} showStock />);
  expect(headers()).toEqual(['Артикул', 'Товар', 'Количество', 'На складе', 'Цена', 'Сумма']);
  expect(width(totalRow())).toBe(6);
  expect(screen.getByTestId('order-total')).toHaveTextContent('4 033 303,00 ₽');
});

it('on a phone a line keeps its product, quantity, stock and total, and «Итого» its amount, in as many columns', () => {
  windowOf(390);
  signIn(STAFF);
  renderScreen(<OrderLines order={order} showStock />);
  expect(headers()).toEqual(['Товар', 'Количество', 'На складе', 'Сумма']);
  const first = screen.getByText('Дрель-шуруповёрт аккумуляторная бесщёточная').closest('tr') as HTMLElement;
  expect(first).toHaveTextContent('4 032 750,00 ₽');
  expect(first).toHaveTextContent('не хватает 474');
  // «Итого» takes no more columns than the lines: its amount stays under «Сумма», not beyond the table.
  expect(width(totalRow())).toBe(4);
  expect(screen.getByTestId('order-total')).toHaveTextContent('4 033 303,00 ₽');
});

it('on a phone a dealer\'s lines (no stock) keep the product, quantity and total', () => {
  windowOf(390);
  signIn();
  renderScreen(<OrderLines order={order} />);
  expect(headers()).toEqual(['Товар', 'Количество', 'Сумма']);
  expect(width(totalRow())).toBe(3);
});
