import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage, type StaffStoreItem } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import type { StockMovement } from './api';
import StoreItemEdit from './edit';
import { storeItemsArea } from './store-items-slice';
import '../../translations';

// Issue 18 item 3: on a store item, «Приход», «Списание» and «Корректировка» with a reason (and
// optionally a document), the history of movements, quantities refused as typed and never changed.
let item: StaffStoreItem;
let movements: StockMovement[];
const movement = (fields: Partial<StockMovement>): StockMovement => ({
  id: 1, store_item: 4, kind: 'correction', quantity: 35, change: 35, total: 35, reason: 'Начальный остаток', document: null,
  order: null, order_number: null, created_by: null, created_by_name: '', created_at: '2026-11-01T09:00:00Z', ...fields,
});
const page = (results: unknown[]) => ({ data: { count: results.length, next: null, previous: null, results } });

/** The API as it would answer: a POST records the movement and changes the item. */
function serve(refuse?: (request: SentRequest) => { status: number; data: unknown } | undefined) {
  return answerWith((request) => {
    if (request.method === 'POST') {
      const refusal = refuse?.(request);
      if (refusal) return refusal;
      const body = request.data instanceof FormData ? Object.fromEntries(request.data.entries()) : JSON.parse(String(request.data));
      const quantity = Number(body.kind === 'write_off' ? -body.quantity : body.quantity);
      const total = body.kind === 'correction' ? quantity : item.quantity + quantity;
      const saved = movement({ id: movements.length + 1, kind: body.kind, quantity: Number(body.quantity), change: total - item.quantity, total, reason: body.reason, created_by: 2, created_by_name: 'Михаил Менеджеров', created_at: '2026-11-27T06:00:00Z' });
      movements = [saved, ...movements];
      item = { ...item, quantity: total, available: total - item.reserved };
      return { status: 201, data: saved };
    }
    if (request.url === '/api/storeitems/4/') return { data: item };
    if (request.url === '/api/storeitems/4/movements/') return page(movements);
    return page([]);
  });
}

jest.setTimeout(120_000);
beforeEach(() => {
  signIn(STAFF);
  item = { id: 4, product: 5, product_sku: 'ET-DRL-01', product_name: 'Дрель 12 В', product_unit: 'шт', warehouse: 'Москва', quantity: 35, reserved: 5, available: 30, updated_at: '2026-11-01T09:00:00Z' };
  movements = [
    movement({ id: 2, kind: 'shipment', quantity: 4, change: -4, total: 35, reason: '', order: 22, order_number: '2026-000022', created_by: 2, created_by_name: 'Михаил Менеджеров', created_at: '2026-11-02T09:00:00Z' }),
    movement({ id: 1, quantity: 39, change: 39, total: 39 }),
  ];
});
afterEach(() => localStorage.clear());

const open = () => renderScreen(<StoreItemEdit />, { at: '/catalog/stock/4/edit', path: '/catalog/stock/:id/edit', base: '/catalog', slices: [storeItemsArea.slice] });

it('shows the history newest first: who, what, the change and the total after, shipments with their order', async () => {
  serve();
  open();
  const history = await screen.findByRole('table');
  const rows = within(history).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).getByText('Отгрузка по заказу № 2026-000022')).toBeInTheDocument();
  expect(within(rows[0]).getByText('−4')).toBeInTheDocument();
  expect(within(rows[0]).getByText('Михаил Менеджеров')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Начальный остаток')).toBeInTheDocument();
  expect(within(rows[1]).getByText('Система')).toBeInTheDocument();
  expect(screen.getByText('Остаток: 35 шт, в резерве 5, доступно 30.')).toBeInTheDocument();
});

it('«Приход»: «-5» and «12.5» are refused on the field and stay as typed; 20 with a reason is recorded, said, and the focus goes to the message', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  open();
  await user.click(await screen.findByRole('button', { name: 'Приход' }));
  const quantity = screen.getByRole('spinbutton', { name: 'Количество, шт' });
  expect(quantity).toHaveFocus();
  const field = quantity.closest('.ant-form-item') as HTMLElement;
  await user.type(screen.getByRole('textbox', { name: 'Причина' }), 'Поставка от завода');
  for (const [typed, refusal] of [['-5', 'Количество не может быть отрицательным'], ['12.5', 'Только целое число: дробной части у этого товара нет'], ['0', 'Количество должно быть больше нуля']]) {
    await user.clear(quantity);
    await user.type(quantity, typed);
    await user.click(screen.getByRole('button', { name: 'Записать приход' }));
    await waitFor(() => expect(within(field).getByText(refusal)).toBeInTheDocument());
    expect(quantity).toHaveValue(typed);
  }
  expect(sent.some((r) => r.method === 'POST')).toBe(false);

  await user.clear(quantity);
  await user.type(quantity, '20');
  await user.click(screen.getByRole('button', { name: 'Записать приход' }));
  // Said in the one answer of every screen; the focus back on the button that opened the form.
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Приход 20 шт записан. Остаток: 55 шт.'));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Приход' })).toHaveFocus());
  const post = sent.find((r) => r.method === 'POST')!;
  expect(post.url).toBe('/api/storeitems/4/movements/');
  expect(JSON.parse(String(post.data))).toEqual({ kind: 'receipt', quantity: 20, reason: 'Поставка от завода' });
  // The totals and the history are read again.
  expect(await screen.findByText('Остаток: 55 шт, в резерве 5, доступно 50.')).toBeInTheDocument();
  await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
  expect(screen.queryByRole('spinbutton', { name: 'Количество, шт' })).not.toBeInTheDocument();
});

it('«Списание» more than is free is refused before sending; the API\'s refusal lands on the field; the document goes as a form', async () => {
  const user = userEvent.setup({ delay: null });
  const refusal = 'Количество не может быть меньше зарезервированного по заказам: 9.';
  let refuseOnce = true;
  const sent = serve(() => {
    if (!refuseOnce) return undefined;
    refuseOnce = false;
    return { status: 409, data: { message: refusal, code: 'stock_below_reserved', fields: { quantity: [refusal] } } };
  });
  open();
  await user.click(await screen.findByRole('button', { name: 'Списание' }));
  const quantity = screen.getByRole('spinbutton', { name: 'Количество, шт' });
  const field = quantity.closest('.ant-form-item') as HTMLElement;
  expect(within(field).getByText('Можно списать до 30 шт: 5 в резерве по заказам.')).toBeInTheDocument();
  await user.type(quantity, '31');
  await user.type(screen.getByRole('textbox', { name: 'Причина' }), 'Брак');
  await user.click(screen.getByRole('button', { name: 'Записать списание' }));
  expect(await within(field).findByText('Можно списать не больше 30 шт: остальное в резерве по заказам или его нет')).toBeInTheDocument();
  expect(sent.some((r) => r.method === 'POST')).toBe(false);

  await user.clear(quantity);
  await user.type(quantity, '28');
  await user.click(screen.getByRole('button', { name: 'Записать списание' }));
  expect(await within(field).findByText(refusal)).toBeInTheDocument();
  expect(quantity).toHaveValue('28');

  const pdf = new File(['%PDF-1.4'], 'акт.pdf', { type: 'application/pdf' });
  await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, pdf);
  await user.clear(quantity);
  await user.type(quantity, '3');
  await user.click(screen.getByRole('button', { name: 'Записать списание' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Списание 3 шт записано. Остаток: 32 шт.'));
  const form = sent.filter((r) => r.method === 'POST').at(-1)!.data as FormData;
  expect(form).toBeInstanceOf(FormData);
  expect(Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name])))
    .toEqual({ kind: 'write_off', quantity: '3', reason: 'Брак', document: 'акт.pdf' });
});

it('«Корректировка» sets the total with a reason (0 allowed, never below the reserve); «Отмена» gives the focus back', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  open();
  const opener = await screen.findByRole('button', { name: 'Корректировка' });
  await user.click(opener);
  await user.click(within(screen.getByRole('region', { name: 'Корректировка остатка' })).getByRole('button', { name: 'Отмена' }));
  expect(await screen.findByRole('button', { name: 'Корректировка' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Корректировка' }));
  const total = screen.getByRole('spinbutton', { name: 'Новый остаток, шт' });
  await user.type(total, '4');
  await user.type(screen.getByRole('textbox', { name: 'Причина' }), 'Инвентаризация');
  await user.click(screen.getByRole('button', { name: 'Записать корректировку' }));
  expect(await screen.findByText('Остаток не может быть меньше резерва (5)')).toBeInTheDocument();
  await user.clear(total);
  await user.type(total, '1 200');
  await user.click(screen.getByRole('button', { name: 'Записать корректировку' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Корректировка записана: остаток 1 200 шт (было 35).'));
  expect(JSON.parse(String(sent.find((r) => r.method === 'POST')!.data))).toEqual({ kind: 'correction', quantity: 1200, reason: 'Инвентаризация' });
});

it('in English: the actions, the refusal and the message are English words, numbers grouped the English way', async () => {
  const user = userEvent.setup({ delay: null });
  serve();
  act(() => setLanguage('en'));
  try {
    open();
    await user.click(await screen.findByRole('button', { name: 'Receipt' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity, шт' });
    await user.type(quantity, '12.5');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Delivery');
    await user.click(screen.getByRole('button', { name: 'Record the receipt' }));
    expect(await screen.findByText('Whole numbers only: this product has no fractions')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '5000');
    await user.click(screen.getByRole('button', { name: 'Record the receipt' }));
    expect(await screen.findByText('Receipt of 5,000 шт recorded. On hand: 5,035 шт.')).toBeInTheDocument();
  } finally {
    act(() => setLanguage('ru'));
  }
});
