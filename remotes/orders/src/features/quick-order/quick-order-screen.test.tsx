import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCart, type CartItem, type DealerProduct } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest, windowOf } from '@portal/shared/ui/testing';
import QuickOrderScreen from './quick-order-screen';
import '../../translations';

const product = (id: number, sku: string, name: string, dealerPrice: string): DealerProduct => ({
  id, sku, name, description: '', category: 'Насосы', unit: 'шт', price: dealerPrice, is_active: true, available: 10,
  created_at: '2026-01-01T00:00:00Z', dealer_price: dealerPrice, discount_percent: '0.00',
});
const catalogue = [
  product(1, 'НС-ВХР-01', 'Насос «Вихрь» 1', '1250.00'),
  product(2, 'НС-ВХР-02', 'Насос «Вихрь» 2', '1500.00'),
  product(3, 'КЛ-ШАР-10', 'Клапан шаровой', '99.90'),
];

/** /api/dp/ as the API answers it: the products of exact SKUs (`sku__in`), or those whose SKU or name holds `search`, any case. */
function serve(other: (request: SentRequest) => Answer | null = () => null) {
  return answerWith((request) => {
    const answer = other(request);
    if (answer) return answer;
    const skus = request.params.sku__in === undefined ? null : String(request.params.sku__in).split(',');
    const term = String(request.params.search ?? '').toLowerCase();
    const results = catalogue.filter((p) => (skus ? skus.includes(p.sku) : p.sku.toLowerCase().includes(term) || p.name.toLowerCase().includes(term)));
    return { data: { count: results.length, next: null, previous: null, results } };
  });
}

function openQuickOrder(cart: CartItem[] = []) {
  localStorage.setItem('cart', JSON.stringify(cart));
  return renderScreen(<QuickOrderScreen />, { at: '/orders/quick', base: '/orders', routes: { '/orders/cart': <p>cart</p> } });
}
const cartOf = (view: ReturnType<typeof openQuickOrder>) => selectCart(view.store.getState()).map(({ sku, quantity }) => [sku, quantity]);

jest.setTimeout(120_000);
// A desktop's window: antd's table shows a column marked for `md` and wider only when the query matches.
beforeEach(() => { signIn(); windowOf(1280); });
afterEach(() => { localStorage.clear(); });

it('pasted lines: the good join the cart (merged with what is there), an unknown SKU and a bad quantity stay to be corrected in place', async () => {
  const sent = serve();
  const user = userEvent.setup({ delay: null });
  const view = openQuickOrder([{ product: 1, sku: 'НС-ВХР-01', name: 'Насос «Вихрь» 1', price: '1250.00', quantity: 1 }]);
  expect(screen.getByRole('heading', { name: 'Быстрый заказ' })).toBeInTheDocument();
  await user.click(screen.getByRole('textbox', { name: 'Строки «артикул количество»' }));
  await user.paste('нс-вхр-01\t4\nНС-ВХР-99 2\nКЛ-ШАР-10;2,5\n');
  await user.click(screen.getByRole('button', { name: 'Добавить строки в корзину' }));

  expect(await screen.findByTestId('quick-order-added')).toHaveTextContent('В корзину добавлено строк: 1, всего 4 шт.');
  expect(cartOf(view)).toEqual([['НС-ВХР-01', 5]]);
  expect(screen.getByTestId('quick-order-to-fix')).toHaveTextContent('Не добавлено строк: 2.');
  expect(screen.getByText('Артикул «НС-ВХР-99» не найден или товар больше не продаётся.')).toBeInTheDocument();
  // The quantity as the paste wrote it, kept in its field and refused under it as every quantity field refuses.
  const refused = screen.getByRole('spinbutton', { name: 'Количество, строка 2' });
  expect(refused).toHaveValue('2,5');
  expect(refused).toHaveAccessibleDescription('Только целое число: дробной части у этого товара нет');
  expect(screen.getByRole('textbox', { name: 'Строки «артикул количество»' })).toHaveValue('');
  // One call for the exact SKUs; a search, case aside, only for those it did not find.
  const lookups = sent.filter((r) => r.url === '/api/dp/');
  expect(lookups.map((r) => r.params.sku__in ?? `search=${String(r.params.search)}`).sort()).toEqual(['search=НС-ВХР-99', 'search=нс-вхр-01', 'нс-вхр-01,НС-ВХР-99,КЛ-ШАР-10']);

  // Corrected in place: the SKU of row 1, the quantity of row 2.
  const sku = screen.getByRole('combobox', { name: 'Артикул, строка 1' });
  await user.clear(sku);
  await user.type(sku, 'НС-ВХР-02');
  const quantity = screen.getByRole('spinbutton', { name: 'Количество, строка 2' });
  await user.clear(quantity);
  await user.type(quantity, '3');
  await user.click(screen.getByRole('button', { name: 'В корзину' }));
  await waitFor(() => expect(cartOf(view)).toEqual([['НС-ВХР-01', 5], ['НС-ВХР-02', 2], ['КЛ-ШАР-10', 3]]));
  expect(screen.getByTestId('quick-order-added')).toHaveTextContent('В корзину добавлено строк: 2, всего 5 шт.');
  expect(screen.queryByTestId('quick-order-to-fix')).toBeNull();
  await user.click(screen.getByRole('link', { name: 'Перейти в корзину' }));
  expect(view.address()).toBe('/orders/cart');
});

it('a CSV file in Windows-1251 with `;` and a header joins the cart', async () => {
  serve();
  const view = openQuickOrder();
  const text = 'Артикул;Количество\r\nКЛ-ШАР-10;6\r\nНС-ВХР-02;1\r\n';
  const cp1251 = Uint8Array.from([...text].map((c) => {
    const code = c.charCodeAt(0);
    return code >= 0x410 && code <= 0x44f ? code - 0x410 + 0xc0 : code;
  }));
  await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File([cp1251], 'заказ.csv', { type: 'text/csv' }));
  expect(await screen.findByTestId('quick-order-added')).toHaveTextContent('В корзину добавлено строк: 2, всего 7 шт.');
  expect(cartOf(view)).toEqual([['КЛ-ШАР-10', 6], ['НС-ВХР-02', 1]]);
});

it('the typeahead finds a product by name; picked, its line joins the cart at the dealer\'s price without another lookup', async () => {
  const sent = serve();
  const user = userEvent.setup({ delay: null });
  const view = openQuickOrder();
  const sku = screen.getByRole('combobox', { name: 'Артикул, строка 1' });
  await user.type(sku, 'клапан');
  await user.click(await screen.findByTitle('КЛ-ШАР-10 — Клапан шаровой'));
  expect(sku).toHaveValue('КЛ-ШАР-10');
  expect(within(sku.closest('tr') as HTMLElement).getByText(/99,90/)).toBeInTheDocument();
  await user.type(screen.getByRole('spinbutton', { name: 'Количество, строка 1' }), '2');
  const lookups = sent.length;
  await user.click(screen.getByRole('button', { name: 'В корзину' }));
  await waitFor(() => expect(selectCart(view.store.getState())).toEqual([{ product: 3, sku: 'КЛ-ШАР-10', name: 'Клапан шаровой', price: '99.90', quantity: 2 }]));
  expect(sent.length).toBe(lookups);
});

it('when the SKUs cannot be checked nothing is added and the rows stay as typed', async () => {
  serve((r) => (r.url === '/api/dp/' ? { status: 503, data: { message: 'Сервис недоступен' } } : null));
  const view = openQuickOrder();
  fireEvent.change(screen.getByRole('textbox', { name: 'Строки «артикул количество»' }), { target: { value: 'НС-ВХР-01 2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Добавить строки в корзину' }));
  expect(await screen.findByText('Сервис недоступен')).toBeInTheDocument();
  expect(selectCart(view.store.getState())).toEqual([]);
  expect(screen.getByRole('textbox', { name: 'Строки «артикул количество»' })).toHaveValue('НС-ВХР-01 2');
});

it('staff are told quick order is a dealer\'s', () => {
  signIn(STAFF);
  openQuickOrder();
  expect(screen.getByText('Быстрый заказ — для дилеров: заказы оформляют дилеры.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).toBeNull();
});

it('the rows to correct are kept when the dealer leaves and comes back, until they are removed', async () => {
  serve();
  const user = userEvent.setup({ delay: null });
  const first = openQuickOrder();
  await user.click(screen.getByRole('textbox', { name: 'Строки «артикул количество»' }));
  await user.paste('НС-ВХР-99 2\nКЛ-ШАР-10 1\n');
  await user.click(screen.getByRole('button', { name: 'Добавить строки в корзину' }));
  expect(await screen.findByText('Артикул «НС-ВХР-99» не найден или товар больше не продаётся.')).toBeInTheDocument();
  first.unmount();

  // Back on the page (the cart kept what was added): the row to correct is there as it was left.
  const again = renderScreen(<QuickOrderScreen />, { at: '/orders/quick', base: '/orders' });
  expect(screen.getByRole('combobox', { name: 'Артикул, строка 1' })).toHaveValue('НС-ВХР-99');
  expect(screen.getByRole('spinbutton', { name: 'Количество, строка 1' })).toHaveValue('2');
  expect(screen.getByText('Артикул «НС-ВХР-99» не найден или товар больше не продаётся.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Удалить строку 1' }));
  again.unmount();

  renderScreen(<QuickOrderScreen />, { at: '/orders/quick', base: '/orders' });
  expect(screen.getByRole('combobox', { name: 'Артикул, строка 1' })).toHaveValue('');
});

it('a typed quantity «-5», «12.5» or «0» is refused under its field and stays as typed; nothing joins the cart', async () => {
  serve();
  const user = userEvent.setup({ delay: null });
  const view = openQuickOrder();
  await user.type(screen.getByRole('combobox', { name: 'Артикул, строка 1' }), 'КЛ-ШАР-10');
  const quantity = screen.getByRole('spinbutton', { name: 'Количество, строка 1' });
  for (const [typed, refusal] of [['-5', 'Количество не может быть отрицательным'], ['12.5', 'Только целое число: дробной части у этого товара нет'], ['0', 'Количество должно быть больше нуля']]) {
    await user.clear(quantity);
    await user.type(quantity, typed);
    expect(quantity).toHaveValue(typed);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(refusal);
    await user.click(screen.getByRole('button', { name: 'В корзину' }));
    expect(await screen.findByTestId('quick-order-to-fix')).toHaveTextContent('Не добавлено строк: 1.');
    // Still as typed after the refusal, never made 1 or 13.
    expect(screen.getByRole('spinbutton', { name: 'Количество, строка 1' })).toHaveValue(typed);
  }
  expect(selectCart(view.store.getState())).toEqual([]);
  await user.clear(quantity);
  await user.type(quantity, '1 200');
  expect(quantity).not.toHaveAttribute('aria-invalid');
  await user.click(screen.getByRole('button', { name: 'В корзину' }));
  await waitFor(() => expect(cartOf(view)).toEqual([['КЛ-ШАР-10', 1200]]));
});

it('on a phone a row keeps its SKU with the product found and its price, its quantity and its removal; the row number and the product column wait for a wider screen', async () => {
  windowOf(390);
  serve();
  const user = userEvent.setup({ delay: null });
  openQuickOrder();
  const sku = screen.getByRole('combobox', { name: 'Артикул, строка 1' });
  await user.type(sku, 'клапан');
  await user.click(await screen.findByTitle('КЛ-ШАР-10 — Клапан шаровой'));
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Артикул', 'Количество', 'Действия']);
  const row = sku.closest('tr') as HTMLElement;
  // Under the SKU: the product's name and the dealer's price.
  expect(within(row).getByText(/99,90/).closest('span')!.parentElement).toHaveTextContent(/^Клапан шаровой · 99,90\s₽$/);
  expect(within(row).getByRole('spinbutton', { name: 'Количество, строка 1' })).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Удалить строку 1' })).toBeInTheDocument();
});
