import { screen, within } from '@testing-library/react';
import type { StoreItem } from '@portal/shared';
import { renderScreen, signIn, STAFF, windowOf } from '@portal/shared/ui/testing';
import '../translations';
import { WarehouseStockTable } from './warehouse-stock-table';

const item = (id: number, warehouse: string, quantity: number, reserved: number): StoreItem => ({
  id, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', product_unit: 'шт', warehouse,
  quantity, reserved, available: quantity - reserved, updated_at: '2026-11-01T09:00:00Z',
});
const stock = { items: [item(1, 'Москва', 35, 5), item(2, 'Санкт-Петербург', 12, 0)], status: 'ready' as const, error: null, reload() {} };

afterEach(() => { localStorage.clear(); });

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const totalRow = () => screen.getByText('Итого доступно').closest('tr') as HTMLElement;
const width = (row: HTMLElement) => within(row).getAllByRole('cell').reduce((sum, cell) => sum + Number(cell.getAttribute('colspan') ?? 1), 0);

it('staff on a wide screen see on hand, reserved and available per warehouse, and the total available', () => {
  signIn(STAFF);
  renderScreen(<WarehouseStockTable stock={stock} detailed />);
  expect(headers()).toEqual(['Склад', 'Остаток', 'В резерве', 'Доступно']);
  expect(width(totalRow())).toBe(4);
  expect(totalRow()).toHaveTextContent('42');
});

it('staff on a phone keep the warehouse, reserved and available, and the total under «Доступно»', () => {
  windowOf(390);
  signIn(STAFF);
  renderScreen(<WarehouseStockTable stock={stock} detailed />);
  expect(headers()).toEqual(['Склад', 'В резерве', 'Доступно']);
  expect(width(totalRow())).toBe(3);
  expect(totalRow()).toHaveTextContent('42');
});

it('a dealer on a phone sees the warehouse and what is available', () => {
  windowOf(390);
  signIn();
  renderScreen(<WarehouseStockTable stock={stock} />);
  expect(headers()).toEqual(['Склад', 'Доступно']);
  expect(width(totalRow())).toBe(2);
});
