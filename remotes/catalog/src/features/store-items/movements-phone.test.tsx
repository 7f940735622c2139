import { screen, within } from '@testing-library/react';
import type { StaffStoreItem } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, windowOf } from '@portal/shared/ui/testing';
import type { StockMovement } from './api';
import { StockMovements } from './movements';
import '../../translations';

// A store item's history of movements on a phone (issue 18 item 1): what (when, its reason and
// document under it), the change and the total stay on screen in three columns; who did it shows from 768 px.
const item: StaffStoreItem = { id: 4, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', product_unit: 'шт', warehouse: 'Москва', quantity: 35, reserved: 5, available: 30, updated_at: '2026-11-01T09:00:00Z' };
const writeOff: StockMovement = {
  id: 3, store_item: 4, kind: 'write_off', quantity: 4, change: -4, total: 35, reason: 'Брак при приёмке',
  document: { name: 'акт-списания.pdf', content_type: 'application/pdf', size: 10, sha256: 'x', url: '/api/storeitems/4/movements/3/download/' },
  order: null, order_number: null, created_by: 2, created_by_name: 'Михаил Менеджеров', created_at: '2026-11-02T09:00:00Z',
};

afterEach(() => { localStorage.clear(); });

function open() {
  signIn(STAFF);
  answerWith(() => ({ data: { count: 1, next: null, previous: null, results: [writeOff] } }));
  renderScreen(<StockMovements item={item} onChanged={() => {}} />);
}

it('on a phone the history keeps what with when, its reason and document, the change and the total', async () => {
  windowOf(390);
  open();
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Операция', 'Изменение', 'Остаток после']);
  const row = within(table).getAllByRole('row')[1];
  const kind = within(row).getAllByRole('cell')[0];
  expect(kind).toHaveTextContent('Списание');
  expect(kind).toHaveTextContent(/2 ноября 2026 г\. в \d\d:\d\d/);
  expect(kind).toHaveTextContent('Брак при приёмке');
  expect(within(kind).getByRole('button', { name: 'акт-списания.pdf' })).toBeInTheDocument();
  expect(row).toHaveTextContent('−4');
  expect(within(row).queryByText('Михаил Менеджеров')).toBeNull();
});

it('on a wide screen the reason, the document and who did it have their own columns', async () => {
  open();
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
  const row = within(table).getAllByRole('row')[1];
  expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^Списание$/);
  expect(within(row).getByText('Михаил Менеджеров')).toBeInTheDocument();
});
