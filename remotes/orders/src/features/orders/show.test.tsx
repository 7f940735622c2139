import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCart, type Order, type OrderDeletionRequest, type Shipping } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest } from '@portal/shared/ui/testing';
import { STATUS_COMMENT_FIELD } from './api';
import { deletionRequestListArea } from '../deletion-requests/deletion-requests-slice';
import { shippingListArea } from '../shipping/shipping-slice';
import { ordersArea } from './orders-slice';
import '../../translations';
import OrderShow from './show';

const waybill = { name: 'waybill-22.pdf', content_type: 'application/pdf', size: 2048, sha256: 'abc', url: '/api/shippings/5/download/' };
const baseOrder: Order = {
  id: 22, number: '2026-000022', dealer: 3, dealer_name: 'ТехноСнаб', status: 'confirmed',
  items: [
    { id: 1, product: 101, sku: 'ET-DRL-04', name: 'Дрель-шуруповёрт', quantity: 6, price: '8065.50', amount: '48393.00' },
    { id: 2, product: 102, sku: 'PL-ELB-04', name: 'Угольник 90°', quantity: 20, price: '27.65', amount: '553.00' },
    { id: 3, product: 103, sku: 'FX-OLD-01', name: 'Дюбель снятый', quantity: 5, price: '10.00', amount: '50.00' },
  ],
  total: '48996.00', comment: 'Доставка до 12:00', document: null, created_at: '2026-11-14T09:00:00Z', updated_at: '2026-11-15T09:00:00Z', history: [],
};
const history: Order['history'] = [
  { from: null, to: 'new', when: '2026-11-14T09:00:00Z', who: 'Дмитрий Дилеров', who_id: 7, comment: '' },
  { from: 'new', to: 'confirmed', when: '2026-11-15T09:00:00Z', who: 'Мария Менеджерова', who_id: 2, comment: 'Резерв на складе Москва' },
];
const shipment: Shipping = {
  id: 5, order: 22, order_number: '2026-000022', dealer: 3, carrier: 'СДЭК', tracking_number: '5964894822', status: 'preparing',
  shipped_at: null, document: waybill, created_at: '2026-11-16T09:00:00Z', history: [],
};
const rejected: OrderDeletionRequest = {
  id: 9, order: 22, order_number: '2026-000022', reason: 'Изменились планы закупки.', document: null, status: 'rejected',
  created_at: '2026-11-15T10:00:00Z', decided_at: '2026-11-15T12:00:00Z', history: [],
};

const page = <T,>(results: T[]) => ({ data: { count: results.length, next: null, previous: null, results } });

interface World {
  order?: Order;
  shipments?: Shipping[];
  requests?: OrderDeletionRequest[];
  /** Answers a change (PUT, POST, DELETE) or a lookup the world does not know. */
  other?(request: SentRequest): Answer | undefined;
}

function serve(world: World) {
  return answerWith((request) => {
    const answered = world.other?.(request);
    if (answered) return answered;
    if (request.method === 'GET' && request.url === '/api/orders/22/') return world.order ? { data: world.order } : { status: 404, data: { message: 'Не найдено.' } };
    if (request.method === 'GET' && request.url === '/api/shippings/') return page(world.shipments ?? []);
    if (request.method === 'GET' && request.url === '/api/orderdelreq/') return page(world.requests ?? []);
    return { status: 500, data: { message: `unexpected ${request.method} ${request.url}` } };
  });
}

const open = () => renderScreen(<OrderShow />, {
  at: '/orders/22', base: '/orders', path: '/orders/:id', slices: [ordersArea.slice, deletionRequestListArea.slice, shippingListArea.slice], routes: { '/orders': <h1>Список заказов</h1> },
});

/** The body of a multipart request as plain fields (files by their names). */
/** A multipart body's fields, its JSON ones (the order's lines) read back. */
function formBody(data: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(formFields(data)).map(([name, value]) => [name, /^[[{]/.test(value) ? JSON.parse(value) : value]));
}

function formFields(data: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  (data as FormData).forEach((value, name) => { fields[name] = typeof value === 'string' ? value : (value as File).name; });
  return fields;
}

// Under jest antd gives every element the id 'test-id', so dialogs are found by their text, not their name.
jest.setTimeout(120_000);
// The page makes three calls and draws antd's tables: on a busy machine that takes more than 1 s.
configure({ asyncUtilTimeout: 15_000 });
afterEach(() => localStorage.clear());

/** The names of the primary buttons on the page (antd draws them with `ant-btn-primary`, the plain button with `pb-primary`). */
const primaryButtons = () => screen.queryAllByRole('button').filter((b) => b.classList.contains('ant-btn-primary') || b.classList.contains('pb-primary')).map((b) => b.textContent!.trim());

describe('a dealer', () => {
  beforeEach(() => signIn());

  it('sees the lines at the order\'s prices with «Итого», the comment, the timeline, the shipment with its tracking number and waybill, and the request\'s decision', async () => {
    const sent = serve({ order: { ...baseOrder, history }, shipments: [shipment], requests: [rejected] });
    open();
    expect(await screen.findByRole('heading', { name: 'Заказ № 2026-000022' })).toBeInTheDocument();
    const lines = screen.getAllByRole('table')[0];
    expect(within(lines).getByText('ET-DRL-04')).toBeInTheDocument();
    expect(within(lines).getByText('8 065,50 ₽')).toBeInTheDocument();
    expect(within(lines).getByText('48 393,00 ₽')).toBeInTheDocument();
    expect(within(lines).getByText('Итого')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('48 996,00 ₽');
    expect(screen.getByText('Доставка до 12:00')).toBeInTheDocument();

    const changes = screen.getAllByTestId('status-change');
    expect(changes).toHaveLength(2);
    expect(changes[1]).toHaveTextContent('Подтверждён');
    expect(changes[1]).toHaveTextContent('Мария Менеджерова');
    expect(changes[1]).toHaveTextContent('Резерв на складе Москва');

    const parcel = within(await screen.findByTestId('shipment'));
    expect(parcel.getByText('СДЭК')).toBeInTheDocument();
    expect(parcel.getByTestId('tracking-number')).toHaveTextContent('5964894822');
    expect(parcel.getByText('Готовится')).toBeInTheDocument();
    expect(parcel.getByRole('button', { name: /Скопировать|Copy|copy/ })).toBeInTheDocument();
    expect(sent.find((r) => r.url === '/api/shippings/')!.params).toMatchObject({ order: 22 });

    const request = within(await screen.findByTestId('cancellation-request'));
    expect(request.getByText('Отклонён')).toBeInTheDocument();
    expect(request.getByText('Изменились планы закупки.')).toBeInTheDocument();
    expect(request.getByText(/Запрос отклонён/)).toBeInTheDocument();
    expect(sent.find((r) => r.url === '/api/orderdelreq/')!.params).toMatchObject({ order: 22 });

    // A dealer changes no status and records no shipment.
    expect(screen.queryByRole('button', { name: 'Отгрузить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Изменить заказ' })).toBeNull();
  });

  it('downloads the waybill through the one client, under its name', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serve({ order: baseOrder, shipments: [shipment], other: (r) => (r.url === waybill.url ? { data: new Blob(['%PDF']) } : undefined) });
    const created = jest.fn(() => 'blob:waybill');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    open();
    const parcel = within(await screen.findByTestId('shipment'));
    await user.click(parcel.getByRole('button', { name: /Скачать/ }));
    await waitFor(() => expect(sent.some((r) => r.url === waybill.url && r.responseType === 'blob')).toBe(true));
    expect(created).toHaveBeenCalled();
  });

  it('an order without history (a server older than the field), shipments or requests shows that plainly', async () => {
    const { history: _none, ...withoutHistory } = baseOrder;
    serve({ order: { ...withoutHistory, status: 'completed' } as Order });
    open();
    expect(await screen.findByText('Изменений пока нет')).toBeInTheDocument();
    expect(await screen.findByText('Отгрузок пока нет')).toBeInTheDocument();
    expect(screen.queryByText('Запрос на отмену')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Запросить отмену' })).toBeNull();
  });

  it('files a claim from a shipped or completed order only: «Подать претензию» opens the new claim on this order', async () => {
    serve({ order: { ...baseOrder, status: 'completed' } });
    const { unmount } = open();
    const link = await screen.findByRole('link', { name: 'Подать претензию' });
    expect(link).toHaveAttribute('href', '/admin/claims/new?order=22');
    unmount();
    serve({ order: baseOrder });
    open();
    expect(await screen.findByRole('heading', { name: 'Заказ № 2026-000022' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Подать претензию' })).toBeNull();
  });

  it('another dealer\'s order (404) is «Заказ не найден»', async () => {
    serve({});
    open();
    expect(await screen.findByRole('heading', { name: 'Заказ не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ко всем заказам/ })).toHaveAttribute('href', '/orders');
  });

  it('edits a new order: a quantity changed and a line removed go to the server; the page reads the order again', async () => {
    const user = userEvent.setup({ delay: null });
    const changes: SentRequest[] = [];
    let order: Order = { ...baseOrder, status: 'new' };
    serve({
      get order() { return order; },
      other: (r) => {
        if (r.method !== 'PUT') return undefined;
        changes.push(r);
        order = { ...order, items: order.items.slice(0, 1).map((l) => ({ ...l, quantity: 8, amount: '64524.00' })), total: '64524.00', updated_at: '2026-11-16T09:00:00Z' };
        return { data: order };
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Количество: Дрель-шуруповёрт' });
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.click(screen.getByRole('button', { name: 'Убрать «Угольник 90°»' }));
    await user.click(screen.getByRole('button', { name: 'Убрать «Дюбель снятый»' }));
    const comment = screen.getByRole('textbox', { name: 'Комментарий' });
    await user.clear(comment);
    await user.type(comment, 'До обеда');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0].url).toBe('/api/orders/22/');
    // Saved through the orders area: its PUT carries the order's id.
    expect(changes[0].data).toBeInstanceOf(FormData);
    expect(formBody(changes[0].data)).toEqual({ id: '22', items: [{ product: 101, quantity: 8 }], comment: 'До обеда' });
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('64 524,00 ₽'));
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).toBeNull();
  });

  it('an edited quantity «-5», «1,5» or «0» is refused on its line and stays as typed; nothing is saved', async () => {
    const user = userEvent.setup({ delay: null });
    const changes: SentRequest[] = [];
    serve({ order: { ...baseOrder, status: 'new' }, other: (r) => (r.method === 'PUT' ? (changes.push(r), { data: baseOrder }) : undefined) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Изменить заказ' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Количество: Дрель-шуруповёрт' });
    const line = quantity.closest('[data-testid="order-line"]') as HTMLElement;
    for (const [typed, refusal] of [['-5', 'Количество не может быть отрицательным'], ['1,5', 'Только целое число: дробной части у этого товара нет'], ['0', 'Количество должно быть больше нуля']]) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
      await waitFor(() => expect(within(line).getByText(refusal)).toBeInTheDocument());
      expect(quantity).toHaveValue(typed);
      expect(quantity).toHaveAttribute('aria-invalid', 'true');
      expect(quantity).toHaveAccessibleDescription(refusal);
    }
    expect(changes).toHaveLength(0);
  });

  it('deletes a new order only after saying yes, then returns to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const changes: SentRequest[] = [];
    serve({ order: { ...baseOrder, status: 'new' }, other: (r) => (r.method === 'DELETE' ? (changes.push(r), { status: 204 }) : undefined) });
    const view = open();
    await user.click(await screen.findByRole('button', { name: 'Удалить заказ' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Удалить заказ № 2026-000022?');
    expect(changes).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить заказ' }));
    await waitFor(() => expect(view.address()).toBe('/orders'));
    expect(changes[0]).toMatchObject({ method: 'DELETE', url: '/api/orders/22/' });
  });

  it('asks to cancel a confirmed order with a required reason and a document; the request shows on the page', async () => {
    const user = userEvent.setup({ delay: null });
    const requests: OrderDeletionRequest[] = [];
    const posts: SentRequest[] = [];
    serve({
      order: baseOrder,
      get requests() { return requests; },
      other: (r) => {
        if (r.method !== 'POST') return undefined;
        posts.push(r);
        const created: OrderDeletionRequest = { ...rejected, id: 10, status: 'pending', reason: 'Клиент отказался', decided_at: null };
        requests.push(created);
        return { status: 201, data: created };
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Запросить отмену' }));
    await user.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    expect(await screen.findByText('Укажите причину')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Причина' }), 'Клиент отказался');
    const file = new File(['письмо'], 'отказ.pdf', { type: 'application/pdf' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(screen.getByText(/отказ\.pdf/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отправить запрос' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toBe('/api/orderdelreq/');
    expect(formFields(posts[0].data)).toEqual({ order: '22', reason: 'Клиент отказался', document: 'отказ.pdf' });
    const shown = within(await screen.findByTestId('cancellation-request'));
    expect(shown.getByText('На рассмотрении')).toBeInTheDocument();
    // One pending request at a time.
    expect(screen.queryByRole('button', { name: 'Запросить отмену' })).toBeNull();
  });

  it('reorders: the lines still sold join the cart at today\'s dealer price, and the products no longer sold are named', async () => {
    const user = userEvent.setup({ delay: null });
    const product = (id: number, sku: string, name: string, active: boolean, dealerPrice: string) => ({
      id, sku, name, description: '', category: 'Инструмент', unit: 'шт', price: '9000.00', is_active: active, available: 10,
      created_at: '2026-01-01T00:00:00Z', dealer_price: dealerPrice, discount_percent: '10.00',
    });
    const sent = serve({
      order: baseOrder,
      other: (r) => {
        if (r.url === '/api/dp/101/') return { data: product(101, 'ET-DRL-04', 'Дрель-шуруповёрт', true, '8100.00') };
        if (r.url === '/api/dp/102/') return { status: 404, data: { message: 'Не найдено.' } };
        if (r.url === '/api/dp/103/') return { data: product(103, 'FX-OLD-01', 'Дюбель снятый', false, '10.00') };
        return undefined;
      },
    });
    const view = open();
    await user.click(await screen.findByRole('button', { name: 'Повторить заказ' }));
    const result = await screen.findByTestId('reorder-result');
    expect(result).toHaveTextContent('В корзину добавлено позиций: 1.');
    expect(result).toHaveTextContent('Больше не продаются и не добавлены: «Угольник 90°», «Дюбель снятый».');
    expect(within(result).getByRole('link', { name: 'Перейти в корзину' })).toHaveAttribute('href', '/orders/cart');
    expect(selectCart(view.store.getState())).toEqual([{ product: 101, sku: 'ET-DRL-04', name: 'Дрель-шуруповёрт', price: '8100.00', quantity: 6 }]);
    expect(sent.filter((r) => r.url.startsWith('/api/dp/')).map((r) => r.url).sort()).toEqual(['/api/dp/101/', '/api/dp/102/', '/api/dp/103/']);
  });
});

describe('staff', () => {
  beforeEach(() => signIn(STAFF));

  it('confirm a new order in one step, with a comment for the history, after saying yes', async () => {
    const user = userEvent.setup({ delay: null });
    const changes: SentRequest[] = [];
    let order: Order = { ...baseOrder, status: 'new' };
    serve({
      get order() { return order; },
      other: (r) => {
        if (r.method !== 'PUT') return undefined;
        changes.push(r);
        order = { ...order, status: 'confirmed', updated_at: '2026-11-16T09:00:00Z' };
        return { data: order };
      },
    });
    open();
    expect(await screen.findByText('Дилер: ТехноСнаб')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить заказ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отгрузить' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Подтвердить заказ № 2026-000022?');
    await user.type(within(dialog).getByRole('textbox', { name: /Комментарий/ }), 'Резерв есть');
    expect(changes).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(formBody(changes[0].data)).toEqual({
      items: [{ product: 101, quantity: 6 }, { product: 102, quantity: 20 }, { product: 103, quantity: 5 }],
      comment: 'Доставка до 12:00', status: 'confirmed', [STATUS_COMMENT_FIELD]: 'Резерв есть',
    });
    expect(screen.getByTestId('answer')).toHaveTextContent('Заказ № 2026-000022 подтверждён: товар зарезервирован');
    // Confirmed now: one primary step, «Отгрузить», and «Отменить заказ» beside it; no status words as buttons.
    expect(await screen.findByRole('button', { name: 'Отгрузить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отменить заказ' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отгружен' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Подтвердить' })).toBeNull();
    expect(primaryButtons()).toEqual(['Отгрузить']);
  });

  it('one primary button per state: the next status as a verb', async () => {
    const shown: Record<string, string[]> = {};
    for (const status of ['new', 'confirmed', 'shipped', 'completed', 'cancelled'] as const) {
      serve({ order: { ...baseOrder, status }, shipments: status === 'shipped' ? [{ ...shipment, status: 'in_transit' }] : [] });
      const view = open();
      await screen.findByText('Дилер: ТехноСнаб');
      if (status === 'shipped') await screen.findByTestId('shipment');
      shown[status] = primaryButtons();
      view.unmount();
    }
    expect(shown).toEqual({ new: ['Подтвердить'], confirmed: ['Отгрузить'], shipped: ['Завершить'], completed: [], cancelled: [] });
  });

  it('a new order short of stock: each line says what is available and what is short, and «Подтвердить» names them before it is pressed', async () => {
    const user = userEvent.setup({ delay: null });
    const items = baseOrder.items.map((line, index) => ({ ...line, available: [2, 500, 5][index] }));
    serve({ order: { ...baseOrder, status: 'new', items } });
    open();
    const warning = await screen.findByTestId('order-short');
    expect(warning).toHaveTextContent('Товара не хватает в позициях: 1');
    const lines = screen.getAllByRole('table')[0];
    expect(within(lines).getByRole('columnheader', { name: 'На складе' })).toBeInTheDocument();
    const drill = within(within(lines).getByText('Дрель-шуруповёрт').closest('tr') as HTMLElement);
    expect(drill.getByText('2')).toBeInTheDocument();
    expect(drill.getByText('не хватает 4')).toBeInTheDocument();
    const elbow = within(within(lines).getByText('Угольник 90°').closest('tr') as HTMLElement);
    expect(elbow.getByText('500')).toBeInTheDocument();
    expect(elbow.queryByTestId('stock-short')).toBeNull();
    // Exactly what is available is enough.
    expect(within(within(lines).getByText('Дюбель снятый').closest('tr') as HTMLElement).queryByTestId('stock-short')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Товара не хватает: склад откажет в подтверждении');
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Дрель-шуруповёрт: заказано 6, доступно 2, не хватает 4']);
  });

  it('a dealer sees no stock column on its order, and a confirmed order\'s lines (reserved) show none to staff', async () => {
    serve({ order: { ...baseOrder, items: baseOrder.items.map((line) => ({ ...line, available: null })) } });
    open();
    await screen.findByText('Дилер: ТехноСнаб');
    expect(within(screen.getAllByRole('table')[0]).queryByRole('columnheader', { name: 'На складе' })).toBeNull();
    expect(screen.queryByTestId('order-short')).toBeNull();
  });

  it('the history shows edits with what changed, between the status changes, oldest first', async () => {
    serve({ order: {
      ...baseOrder, history,
      edits: [{
        when: '2026-11-14T10:00:00Z', who: 'Мария Менеджерова', who_id: 2,
        lines: [
          { product: 101, sku: 'ET-DRL-04', name: 'Дрель-шуруповёрт', from: 10, to: 6 },
          { product: 103, sku: 'FX-OLD-01', name: 'Дюбель снятый', from: null, to: 5 },
          { product: 104, sku: 'PL-TEE-01', name: 'Тройник', from: 1200, to: null },
        ],
        comment: { from: '', to: 'Доставка до 12:00' },
        document: { from: null, to: 'счёт.pdf' },
      }],
    } });
    open();
    const edit = await screen.findByTestId('order-edit');
    expect(within(edit).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Дрель-шуруповёрт: 10 → 6', 'Добавлено: Дюбель снятый, 5', 'Убрано: Тройник (1\u00a0200)', 'Комментарий: «нет» → «Доставка до 12:00»', 'Документ: нет → счёт.pdf',
    ]);
    expect(edit).toHaveTextContent('Заказ изменён');
    expect(edit).toHaveTextContent('Мария Менеджерова');
    const timeline = within(screen.getByRole('region', { name: 'История заказа' }));
    const entries = timeline.getAllByTestId(/status-change|order-edit/).map((el) => el.dataset.testid);
    expect(entries).toEqual(['status-change', 'order-edit', 'status-change']);
  });

  it('a refused change (409, not enough stock) shows the server\'s message and changes nothing', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      order: { ...baseOrder, status: 'new' },
      other: (r) => (r.method === 'PUT' ? { status: 409, data: { message: 'Недостаточно товара «Дрель-шуруповёрт» на складе: доступно 2.', code: 'insufficient_stock' } } : undefined),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Подтвердить' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    expect(await within(dialog).findByText('Недостаточно товара «Дрель-шуруповёрт» на складе: доступно 2.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Новый')).toBeInTheDocument();
  });

  it('«Отгрузить» opens the shipment form with the focus on «Перевозчик», records the shipment with the waybill and sends it at once; the parcel is then marked delivered', async () => {
    const user = userEvent.setup({ delay: null });
    const writes: SentRequest[] = [];
    const shipments: Shipping[] = [];
    serve({
      order: baseOrder,
      get shipments() { return shipments; },
      other: (r) => {
        if (r.method === 'POST' && r.url === '/api/shipping/create/') {
          writes.push(r);
          shipments.push({ ...shipment, id: 6, carrier: 'ПЭК', tracking_number: 'PK-123', document: { ...waybill, name: 'накладная.pdf' } });
          return { status: 201, data: shipments[0] };
        }
        if (r.method === 'PUT' && r.url === '/api/shippings/6/') {
          writes.push(r);
          shipments[0] = { ...shipments[0], status: 'in_transit', shipped_at: '2026-11-17T09:00:00Z' };
          return { data: shipments[0] };
        }
        return undefined;
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Отгрузить' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Перевозчик' })).toHaveFocus());
    // «Отгрузить» is not offered twice while its form is open.
    expect(screen.queryByRole('button', { name: 'Отгрузить' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Записать отгрузку' }));
    expect(await screen.findByText('Укажите перевозчика')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Перевозчик' }), 'ПЭК');
    await user.type(screen.getByRole('textbox', { name: 'Трек-номер' }), 'PK-123');
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['%PDF'], 'накладная.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Записать отгрузку' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(formFields(writes[0].data)).toEqual({ order: '22', carrier: 'ПЭК', tracking_number: 'PK-123', document: 'накладная.pdf' });
    // Recorded and sent at once: in transit, which ships the order.
    expect(formBody(writes[1].data)).toEqual({ order: '22', status: 'in_transit' });
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Отгрузка заказа № 2026-000022 отправлена: ПЭК'));
    const parcel = within(await screen.findByTestId('shipment'));
    expect(parcel.getByTestId('tracking-number')).toHaveTextContent('PK-123');
    expect(await parcel.findByText('В пути')).toBeInTheDocument();

    await user.click(parcel.getByRole('button', { name: 'Отметить доставку' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Отгрузка доставлена?');
    await user.click(within(dialog).getByRole('button', { name: 'Отметить доставку' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(formBody(writes[2].data)).toEqual({ order: '22', status: 'delivered' });
  });

  it('a shipment recorded but refused on its way says so, and the parcel can be sent from its card', async () => {
    const user = userEvent.setup({ delay: null });
    const shipments: Shipping[] = [];
    serve({
      order: baseOrder,
      get shipments() { return shipments; },
      other: (r) => {
        if (r.method === 'POST') {
          shipments.push({ ...shipment, id: 6, carrier: 'ПЭК', document: null });
          return { status: 201, data: shipments[0] };
        }
        if (r.method === 'PUT') return { status: 409, data: { message: 'Заказ нельзя отгрузить в этом статусе.', code: 'order_not_shippable' } };
        return undefined;
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Отгрузить' }));
    await user.type(screen.getByRole('textbox', { name: 'Перевозчик' }), 'ПЭК');
    await user.click(screen.getByRole('button', { name: 'Записать отгрузку' }));
    expect(await screen.findByText(/Отгрузка записана, но не отправлена: Заказ нельзя отгрузить в этом статусе\./)).toBeInTheDocument();
    expect(await within(await screen.findByTestId('shipment')).findByRole('button', { name: 'Отправить' })).toBeInTheDocument();
  });

  it('a waybill over the limit is refused before anything is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serve({ order: baseOrder });
    open();
    await user.click(await screen.findByRole('button', { name: 'Отгрузить' }));
    const big = new File(['x'], 'огромная.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, big);
    expect(await screen.findByText(/Файл «огромная\.pdf» весит 21\sМБ, больше допустимых 20\sМБ/)).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });
});
