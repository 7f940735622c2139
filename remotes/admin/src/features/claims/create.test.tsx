import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claim, Order } from '@portal/shared';
import { answerWith, renderScreen, signIn, type Answer, type SentRequest } from '@portal/shared/ui/testing';
import ClaimCreate from './create';
import '../../translations';

const order: Order = {
  id: 22, number: '2026-000022', dealer: 3, dealer_name: 'ТехноСнаб', status: 'completed',
  items: [
    { id: 1, product: 101, sku: 'ET-DRL-04', name: 'Дрель-шуруповёрт', quantity: 6, price: '8065.50', amount: '48393.00' },
    { id: 2, product: 102, sku: 'PL-ELB-04', name: 'Угольник 90°', quantity: 20, price: '27.65', amount: '553.00' },
    { id: 3, product: 103, sku: 'FX-OLD-01', name: 'Дюбель', quantity: 5, price: '10.00', amount: '50.00' },
  ],
  total: '48996.00', comment: '', document: null, created_at: '2026-11-14T09:00:00Z', updated_at: '2026-11-20T09:00:00Z', history: [],
};
const earlierClaim = (id: number, product: number, quantity: number): Claim => ({
  id, order: 22, order_number: '2026-000022', dealer: 3, dealer_name: 'ТехноСнаб', product, product_name: '', quantity,
  reason: 'shortage', description: 'Не хватило', status: 'new', resolution: '', created_at: '2026-11-20T09:00:00Z', files: [], history: [],
});
// Two of the drill's six already claimed; the dowels claimed in full.
const earlier = [earlierClaim(5, 101, 2), earlierClaim(6, 103, 5)];
const page = <T,>(results: T[]) => ({ data: { count: results.length, next: null, previous: null, results } });

/** The order and its earlier claims; a change (POST) answered by `post`. */
function serve(post: (request: SentRequest) => Answer = () => ({ status: 201, data: { ...earlierClaim(9, 101, 1) } }), shown: Order = order) {
  return answerWith((request) => {
    if (request.method === 'POST') return post(request);
    if (request.url === '/api/orders/22/') return { data: shown };
    if (request.url === '/api/claims/') return page(earlier);
    return { status: 404, data: { message: 'Не найдено.' } };
  });
}

const open = (at = '/admin/claims/new?order=22') => renderScreen(<ClaimCreate />, {
  at, base: '/admin', path: '/admin/claims/new', routes: { '/admin/claims/9': <h1>Претензия № 9</h1> },
});

/** The fields of a multipart request, files by their names. */
function formFields(data: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  (data as FormData).forEach((value, name) => { fields[name] = typeof value === 'string' ? value : value.name; });
  return fields;
}

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByTitle(option));
}

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 15_000 });
beforeEach(() => signIn());
afterEach(() => localStorage.clear());

it('offers each line of the order with what is left to claim, a line claimed in full disabled, and refuses more than is left on the quantity', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  open();
  expect(await screen.findByRole('heading', { name: 'Претензия по заказу № 2026-000022' })).toBeInTheDocument();
  await waitFor(() => expect(sent.find((r) => r.url === '/api/claims/')?.params).toMatchObject({ order: '22' }));
  await user.click(screen.getByRole('combobox', { name: 'Позиция заказа' }));
  expect(await screen.findByTitle('Угольник 90° — осталось 20 из 20')).toBeInTheDocument();
  expect(screen.getByTitle('Дюбель — осталось 0 из 5')).toHaveAttribute('aria-disabled', 'true');
  await user.click(screen.getByTitle('Дрель-шуруповёрт — осталось 4 из 6'));

  const quantity = screen.getByRole('spinbutton', { name: 'Количество' });
  await user.clear(quantity);
  await user.type(quantity, '5');
  await choose(user, 'Причина', 'Брак');
  await user.type(screen.getByRole('textbox', { name: 'Описание' }), 'Не включается');
  await user.click(screen.getByRole('button', { name: 'Отправить претензию' }));
  // Refused in words, never quietly lowered to what is left.
  expect(await screen.findByText('Не больше 4: столько осталось по позиции без претензий', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(quantity).toHaveValue('5');
  expect(sent.some((r) => r.method === 'POST')).toBe(false);
});

it('a quantity «-5», «2,5» or «0» is refused on its field and stays as typed; nothing is sent', async () => {
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  open();
  await screen.findByRole('heading', { name: 'Претензия по заказу № 2026-000022' });
  await choose(user, 'Позиция заказа', 'Дрель-шуруповёрт — осталось 4 из 6');
  await choose(user, 'Причина', 'Брак');
  await user.type(screen.getByRole('textbox', { name: 'Описание' }), 'Не включается');
  const quantity = screen.getByRole('spinbutton', { name: 'Количество' });
  for (const [typed, refusal] of [['-5', 'Количество не может быть отрицательным'], ['2,5', 'Только целое число: дробной части у этого товара нет'], ['0', 'Количество должно быть больше нуля']]) {
    await user.clear(quantity);
    await user.type(quantity, typed);
    await user.click(screen.getByRole('button', { name: 'Отправить претензию' }));
    expect(await screen.findByText(refusal, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(quantity).toHaveValue(typed);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
  }
  expect(sent.some((r) => r.method === 'POST')).toBe(false);
});

it('«Повреждение» without a photo is refused and nothing is sent; with one, the claim goes with the photo first, then the other files, and its page opens', async () => {
  const user = userEvent.setup({ delay: null });
  const posts: SentRequest[] = [];
  serve((request) => {
    posts.push(request);
    return request.url === '/api/claims/'
      ? { status: 201, data: earlierClaim(9, 101, 3) }
      : { status: 201, data: { id: 2, name: 'акт.pdf', content_type: 'application/pdf', size: 3, url: '/api/claims/9/files/2/' } };
  });
  const view = open();
  await screen.findByRole('heading', { name: 'Претензия по заказу № 2026-000022' });
  await choose(user, 'Позиция заказа', 'Дрель-шуруповёрт — осталось 4 из 6');
  const quantity = screen.getByRole('spinbutton', { name: 'Количество' });
  await user.clear(quantity);
  await user.type(quantity, '3');
  await choose(user, 'Причина', 'Повреждение');
  await user.type(screen.getByRole('textbox', { name: 'Описание' }), 'Треснул корпус');
  await user.upload(fileInput(), new File(['акт'], 'акт.pdf', { type: 'application/pdf' }));
  await user.click(screen.getByRole('button', { name: 'Отправить претензию' }));
  expect(await screen.findByText('При повреждении приложите хотя бы одну фотографию.')).toBeInTheDocument();
  expect(posts).toHaveLength(0);

  await user.upload(fileInput(), new File(['png'], 'трещина.png', { type: 'image/png' }));
  await user.click(screen.getByRole('button', { name: 'Отправить претензию' }));
  expect(await screen.findByRole('heading', { name: 'Претензия № 9' })).toBeInTheDocument();
  expect(view.address()).toBe('/admin/claims/9');
  expect(posts.map((r) => r.url)).toEqual(['/api/claims/', '/api/claims/9/files/']);
  expect(formFields(posts[0].data)).toEqual({ order: '22', product: '101', quantity: '3', reason: 'damaged', description: 'Треснул корпус', file: 'трещина.png' });
  expect(formFields(posts[1].data)).toEqual({ file: 'акт.pdf' });
});

it('the server\'s field error lands on its field, and the form keeps what was typed', async () => {
  const user = userEvent.setup({ delay: null });
  const posts: SentRequest[] = [];
  serve((request) => {
    posts.push(request);
    return { status: 400, data: { code: 'invalid', message: 'Проверьте поля формы.', fields: { quantity: ['Осталось 1 шт. без претензий.'] } } };
  });
  const view = open();
  await screen.findByRole('heading', { name: 'Претензия по заказу № 2026-000022' });
  await choose(user, 'Позиция заказа', 'Угольник 90° — осталось 20 из 20');
  await choose(user, 'Причина', 'Недовложение');
  await user.type(screen.getByRole('textbox', { name: 'Описание' }), 'Пришло 19 из 20');
  await user.click(screen.getByRole('button', { name: 'Отправить претензию' }));
  expect(await screen.findByText('Осталось 1 шт. без претензий.', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(JSON.parse(String(posts[0].data))).toEqual({ order: 22, product: 102, quantity: 1, reason: 'shortage', description: 'Пришло 19 из 20' });
  expect(screen.getByRole('textbox', { name: 'Описание' })).toHaveValue('Пришло 19 из 20');
  expect(screen.getByRole('spinbutton', { name: 'Количество' })).toHaveValue('1');
  expect(view.address()).toBe('/admin/claims/new?order=22');
});

it('an order not shipped yet shows why no claim can be filed, without the form', async () => {
  serve(undefined, { ...order, status: 'confirmed' });
  open();
  expect(await screen.findByText('По этому заказу претензию подать нельзя: он ещё не отгружен.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Отправить претензию' })).toBeNull();
});

it.each([
  ['no order', '/admin/claims/new'],
  ['an order that is not a number', '/admin/claims/new?order=abc'],
  ['an order that is not there', '/admin/claims/new?order=99'],
])('%s shows the not-found panel', async (_case, at) => {
  serve();
  open(at);
  expect(await screen.findByText('Откройте выполненный или отгруженный заказ и нажмите «Подать претензию».')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Отправить претензию' })).toBeNull();
});
