import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCart, type CartItem } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest, windowOf } from '@portal/shared/ui/testing';
import { ordersArea } from '../orders/orders-slice';
import CartScreen from './cart-screen';
import '../../translations';

const pump: CartItem = { product: 1, sku: 'НС-ВХР-01', name: 'Насос «Вихрь»', price: '1250.00', quantity: 2 };
const valve: CartItem = { product: 2, sku: 'КЛ-ШАР-02', name: 'Клапан шаровой', price: '99.90', quantity: 3 };

/** The stub server: the settings (or their absence) and whatever `other` answers. */
function serve(settings: Answer, other: (request: SentRequest) => Answer | null = () => null) {
  return answerWith((request) => other(request) ?? (request.url === '/api/settings/' ? settings : { status: 404, data: { message: 'Не найдено' } }));
}
const minimum = (amount: string): Answer => ({ data: { min_order_total: amount, support_email: 'help@demo.test' } });

/** The cart screen over the lines the browser kept (spec §3: key `cart`). */
function openCart(lines: CartItem[] = [pump, valve]) {
  localStorage.setItem('cart', JSON.stringify(lines));
  return renderScreen(<CartScreen />, { at: '/orders/cart', base: '/orders', slices: [ordersArea.slice], routes: { '/orders/42': <p>order 42</p>, '/orders/7': <p>order 7</p>, '/catalog': <p>catalogue</p> } });
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

// antd's table and dialogs are slow to drive in jsdom on a busy machine.
jest.setTimeout(120_000);
// A desktop's window: antd's table shows a column marked for `md` and wider only when the query matches.
beforeEach(() => { signIn(); windowOf(1280); });
afterEach(() => { localStorage.clear(); });

it('shows the lines with an estimated total, edits a quantity, removes a line, and says how much is missing to the minimum', async () => {
  serve(minimum('5000.00'));
  const user = userEvent.setup({ delay: null });
  const view = openCart();
  expect(screen.getByRole('heading', { name: 'Корзина' })).toBeInTheDocument();
  expect(within(rowOf('Насос «Вихрь»')).getByText('НС-ВХР-01')).toBeInTheDocument();
  expect(screen.getByText(/Цены предварительные/)).toBeInTheDocument();
  expect(screen.getByTestId('cart-total')).toHaveTextContent(/2\s799,70\s₽/);
  expect(await screen.findByTestId('cart-minimum')).toHaveTextContent(/Минимальная сумма заказа: 5\s000,00\s₽\. До минимальной суммы не хватает 2\s200,30\s₽\./);

  const quantity = screen.getByRole('spinbutton', { name: 'Количество: Насос «Вихрь»' });
  await user.clear(quantity);
  await user.type(quantity, '4');
  await waitFor(() => expect(selectCart(view.store.getState())[0].quantity).toBe(4));
  expect(screen.getByTestId('cart-total')).toHaveTextContent(/5\s299,70\s₽/);
  expect(screen.getByTestId('cart-minimum')).toHaveTextContent(/Минимальная сумма заказа 5\s000,00\s₽ набрана/);

  await user.click(screen.getByRole('button', { name: 'Удалить из корзины: Насос «Вихрь»' }));
  expect(selectCart(view.store.getState())).toEqual([valve]);
  expect(screen.queryByText('Насос «Вихрь»')).toBeNull();
});

it('«Очистить» asks first, then shows the empty cart with links to the catalogue and quick order', async () => {
  serve(minimum('1000.00'));
  const user = userEvent.setup({ delay: null });
  const view = openCart();
  await user.click(screen.getByRole('button', { name: 'Очистить' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Очистить корзину?');
  await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
  expect(selectCart(view.store.getState())).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Очистить' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Очистить' }));
  expect(await screen.findByText('Корзина пуста')).toBeInTheDocument();
  expect(selectCart(view.store.getState())).toEqual([]);
  expect(screen.getByRole('link', { name: 'Быстрый заказ' })).toHaveAttribute('href', '/orders/quick');
  await user.click(screen.getByRole('link', { name: 'Перейти в каталог' }));
  expect(view.address()).toBe('/catalog');
});

it('without /api/settings/ (an API that has none yet) the cart works on, with no minimum shown', async () => {
  const sent = serve({ status: 404, data: { message: 'Не найдено' } });
  openCart();
  await waitFor(() => expect(sent.some((r) => r.url === '/api/settings/')).toBe(true));
  expect(screen.queryByTestId('cart-minimum')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeEnabled();
});

it('«Оформить заказ» sends the lines as product and quantity with the comment, empties the cart once saved and opens the order', async () => {
  const orders: SentRequest[] = [];
  serve(minimum('1000.00'), (r) => (r.method === 'POST' ? (orders.push(r), { status: 201, data: { id: 42, number: '2026-000042' } }) : null));
  const user = userEvent.setup({ delay: null });
  const view = openCart();
  await user.click(screen.getByRole('textbox', { name: 'Комментарий к заказу' }));
  await user.paste('Доставка после 14:00');
  await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
  await waitFor(() => expect(view.address()).toBe('/orders/42'));
  expect(screen.getByTestId('answer')).toHaveTextContent('Заказ № 2026-000042 оформлен');
  expect(orders).toHaveLength(1);
  expect(orders[0].url).toBe('/api/orders/');
  expect(JSON.parse(orders[0].data as string)).toEqual({ items: [{ product: 1, quantity: 2 }, { product: 2, quantity: 3 }], comment: 'Доставка после 14:00' });
  expect(selectCart(view.store.getState())).toEqual([]);
  expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([]);
});

it('with a document attached the order goes as multipart: the lines as JSON, the file as `document`', async () => {
  const orders: SentRequest[] = [];
  serve(minimum('1000.00'), (r) => (r.method === 'POST' ? (orders.push(r), { status: 201, data: { id: 7 } }) : null));
  const user = userEvent.setup({ delay: null });
  const view = openCart([pump]);
  await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['%PDF'], 'заявка.pdf', { type: 'application/pdf' }));
  expect(await screen.findByText(/заявка\.pdf/)).toBeInTheDocument();
  expect(orders).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
  await waitFor(() => expect(view.address()).toBe('/orders/7'));
  const form = orders[0].data as FormData;
  expect(JSON.parse(form.get('items') as string)).toEqual([{ product: 1, quantity: 2 }]);
  expect((form.get('document') as File).name).toBe('заявка.pdf');
  expect(form.has('comment')).toBe(false);
});

it('a refusal naming a line puts the server\'s words by that line and keeps the whole cart', async () => {
  serve(minimum('1000.00'), (r) => (r.method === 'POST' ? {
    status: 400, data: { message: 'Товар недоступен для заказа.', code: 'product_unavailable', fields: { 'items.1.product': ['Товар недоступен для заказа.'] } },
  } : null));
  const user = userEvent.setup({ delay: null });
  const view = openCart();
  await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
  expect(await screen.findByTestId('checkout-refused')).toHaveTextContent('Заказ не оформлен: Товар недоступен для заказа.');
  expect(within(rowOf('Клапан шаровой')).getByText('Товар недоступен для заказа.')).toBeInTheDocument();
  expect(within(rowOf('Насос «Вихрь»')).queryByText('Товар недоступен для заказа.')).toBeNull();
  expect(selectCart(view.store.getState())).toEqual([pump, valve]);
  expect(view.address()).toBe('/orders/cart');
  // The message follows its line when another line goes.
  await user.click(screen.getByRole('button', { name: 'Удалить из корзины: Насос «Вихрь»' }));
  expect(within(rowOf('Клапан шаровой')).getByText('Товар недоступен для заказа.')).toBeInTheDocument();
});

it('a refusal below the minimum stands above the cart, and the cart keeps everything', async () => {
  serve({ status: 404, data: {} }, (r) => (r.method === 'POST' ? {
    status: 400, data: { message: 'Сумма заказа меньше минимальной: 5000.00 ₽.', code: 'min_order_total', fields: { total: ['Сумма заказа меньше минимальной: 5000.00 ₽.'] } },
  } : null));
  const user = userEvent.setup({ delay: null });
  const view = openCart();
  await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
  const refused = await screen.findByTestId('checkout-refused');
  expect(refused).toHaveTextContent('Заказ не оформлен: Сумма заказа меньше минимальной: 5000.00 ₽.');
  expect(refused).not.toHaveTextContent('Исправьте отмеченные строки');
  expect(selectCart(view.store.getState())).toEqual([pump, valve]);
  expect(screen.getByRole('button', { name: 'Оформить заказ' })).toBeEnabled();
});

it('staff, who place no orders of their own, are told the cart is a dealer\'s, and nothing is asked of the API', async () => {
  signIn(STAFF);
  const sent = serve(minimum('1000.00'));
  openCart();
  expect(screen.getByText('Корзина — для дилеров: заказы оформляют дилеры.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Оформить заказ' })).toBeNull();
  expect(sent).toEqual([]);
});

/** /api/dp/ as the API answers `sku__in`: what is available of each of the cart's products. */
const availableAs = (available: Record<string, number>) => (request: SentRequest): Answer | null => {
  if (request.url !== '/api/dp/') return null;
  const skus = String(request.params.sku__in).split(',');
  const products = [{ ...pump, id: 1, unit: 'шт' }, { ...valve, id: 2, unit: 'шт' }].filter((p) => skus.includes(p.sku));
  return { data: { count: products.length, next: null, previous: null, results: products.map((p) => ({ id: p.id, sku: p.sku, name: p.name, unit: p.unit, available: available[p.sku] })) } };
};

it('a line above what is available says so under its quantity, and checkout lists those lines before the order is sent; the order may still be placed', async () => {
  const orders: SentRequest[] = [];
  const sent = serve(minimum('1000.00'), (r) => (r.method === 'POST' ? (orders.push(r), { status: 201, data: { id: 42 } }) : availableAs({ 'НС-ВХР-01': 26, 'КЛ-ШАР-02': 0 })(r)));
  const user = userEvent.setup({ delay: null });
  const view = openCart([{ ...pump, quantity: 20 }, valve]);
  // The valve: nothing in stock, all on back order; the pump: 20 of 26, enough.
  expect(await within(rowOf('Клапан шаровой')).findByText('Нет в наличии: всё — под заказ')).toBeInTheDocument();
  expect(within(rowOf('Насос «Вихрь»')).queryByTestId('stock-short')).toBeNull();
  expect(sent.filter((r) => r.url === '/api/dp/').map((r) => r.params)).toEqual([{ sku__in: 'КЛ-ШАР-02,НС-ВХР-01', page_size: 500 }]);

  const quantity = screen.getByRole('spinbutton', { name: 'Количество: Насос «Вихрь»' });
  await user.clear(quantity);
  await user.type(quantity, '500');
  await waitFor(() => expect(within(rowOf('Насос «Вихрь»')).getByText('Доступно 26 шт.: остальное — под заказ')).toBeInTheDocument());
  expect(quantity).toHaveAccessibleDescription('Доступно 26 шт.: остальное — под заказ');
  // A quantity is not a new product: nothing is asked again.
  expect(sent.filter((r) => r.url === '/api/dp/')).toHaveLength(1);

  const warning = screen.getByTestId('checkout-short');
  expect(warning).toHaveTextContent('Не всё есть на складе: часть заказа будет под заказ');
  expect(within(warning).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Насос «Вихрь»: в корзине 500 шт., доступно 26 шт.',
    'Клапан шаровой: в корзине 3 шт., доступно 0 шт.',
  ]);
  expect(warning).toHaveTextContent('Заказ можно оформить: недостающее менеджер подтвердит, когда товар поступит.');
  // The warning stands before the button that sends the order.
  expect(warning.compareDocumentPosition(screen.getByRole('button', { name: 'Оформить заказ' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
  await waitFor(() => expect(view.address()).toBe('/orders/42'));
  expect(JSON.parse(orders[0].data as string)).toEqual({ items: [{ product: 1, quantity: 500 }, { product: 2, quantity: 3 }] });
});

it('exactly what is available is enough: no line warns and checkout says nothing of stock, until one more is asked', async () => {
  serve(minimum('1000.00'), availableAs({ 'НС-ВХР-01': 26, 'КЛ-ШАР-02': 3 }));
  const user = userEvent.setup({ delay: null });
  openCart([{ ...pump, quantity: 26 }, valve]);
  const quantity = screen.getByRole('spinbutton', { name: 'Количество: Клапан шаровой' });
  await user.clear(quantity);
  await user.type(quantity, '4');
  expect(await within(rowOf('Клапан шаровой')).findByText('Доступно 3 шт.: остальное — под заказ')).toBeInTheDocument();
  expect(screen.getAllByTestId('stock-short')).toHaveLength(1);
  expect(screen.getByTestId('checkout-short')).toBeInTheDocument();
  await user.clear(quantity);
  await user.type(quantity, '3');
  await waitFor(() => expect(screen.queryByTestId('stock-short')).toBeNull());
  expect(screen.queryByTestId('checkout-short')).toBeNull();
});

it('a quantity «1,5», «-5» or more than a line holds is refused under its field and stays as typed; the cart keeps its quantity and nothing is sent', async () => {
  const orders: SentRequest[] = [];
  serve(minimum('1000.00'), (r) => (r.method === 'POST' ? (orders.push(r), { status: 201, data: { id: 42, number: '2026-000042' } }) : null));
  const user = userEvent.setup({ delay: null });
  const view = openCart();
  const quantity = screen.getByRole('spinbutton', { name: 'Количество: Насос «Вихрь»' });
  for (const [typed, refusal] of [['1,5', 'Только целое число: дробной части у этого товара нет'], ['-5', 'Количество не может быть отрицательным'], ['1000001', 'Не больше 1\u00a0000\u00a0000']]) {
    // Pasted whole: the cart takes a quantity as soon as the text is one, and none of these is.
    await user.clear(quantity);
    await user.paste(typed);
    expect(quantity).toHaveValue(typed);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(refusal);
    // Never read as another number: «1,5» is not 15 or 2, «-5» not 1, 1 000 001 not 1 000 000.
    expect(selectCart(view.store.getState())[0].quantity).toBe(2);
  }
  await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
  expect(quantity).toHaveFocus();
  expect(orders).toHaveLength(0);
  expect(view.address()).toBe('/orders/cart');

  await user.clear(quantity);
  await user.type(quantity, '1 200');
  await waitFor(() => expect(selectCart(view.store.getState())[0].quantity).toBe(1200));
  expect(quantity).not.toHaveAttribute('aria-invalid');
  await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
  await waitFor(() => expect(view.address()).toBe('/orders/42'));
  expect(JSON.parse(orders[0].data as string).items).toEqual([{ product: 1, quantity: 1200 }, { product: 2, quantity: 3 }]);
});

it('on a phone the table keeps the product, the quantity, the line\'s amount and its removal; the SKU and the price wait for a wider screen', async () => {
  windowOf(390);
  serve(minimum('1000.00'));
  openCart();
  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers).toEqual(['Наименование', 'Количество', 'Сумма', 'Действия']);
  const row = rowOf('Насос «Вихрь»');
  expect(within(row).queryByText('НС-ВХР-01')).toBeNull();
  expect(within(row).getByRole('spinbutton', { name: 'Количество: Насос «Вихрь»' })).toHaveValue('2');
  expect(within(row).getByText(/2\s500,00\s₽/)).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Удалить из корзины: Насос «Вихрь»' })).toBeInTheDocument();
  expect(screen.getByTestId('cart-total')).toHaveTextContent(/2\s799,70\s₽/);
  expect(screen.getByTestId('cart-total').closest('tr')!.children).toHaveLength(3);
});
