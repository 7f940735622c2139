import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetChoices, type Shipping } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type Answer, type SentRequest, chooseFilter } from '@portal/shared/ui/testing';
import ShippingList from './list';
import { shippingListArea } from './shipping-slice';
import '../../translations';

const shipment = (id: number, extra: Partial<Shipping> = {}): Shipping => ({
  id, order: 40 + id, order_number: `2026-0000${40 + id}`, dealer: 3, carrier: 'СДЭК', tracking_number: `TRK-${id}`,
  status: 'in_transit', shipped_at: '2026-11-03T10:00:00Z', created_at: '2026-11-02T10:00:00Z', history: [],
  document: { name: `Накладная ${id}.pdf`, content_type: 'application/pdf', size: 100, sha256: 'x', url: `/api/shippings/${id}/download/` },
  ...extra,
});
const rows = [shipment(1), shipment(2, { status: 'preparing', shipped_at: null, tracking_number: '', carrier: '', document: null })];

const dealers = [{ id: 3, name: 'ООО Ромашка' }, { id: 4, name: 'ИП Лютиков' }];

function serve(other: (request: SentRequest) => Answer | null = () => null) {
  return answerWith((request) => other(request)
    ?? (request.url === '/api/dealers/' ? { data: { count: 2, next: null, previous: null, results: dealers } } : null)
    ?? { data: { count: rows.length, next: null, previous: null, results: rows } });
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const render = (at = '/orders/shipping') => renderScreen(<ShippingList />, { at, base: '/orders', slices: [shippingListArea.slice] });

// antd's table and selects are slow to drive in jsdom on a busy machine.
jest.setTimeout(120_000);
afterEach(() => { localStorage.clear(); forgetChoices('/api/dealers/'); });

it('a dealer sees its shipments: the order links to its page, the tracking number copies, the waybill downloads through the client', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const writeText = jest.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  URL.createObjectURL = jest.fn(() => 'blob:waybill');
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.push(this.download); });
  const sent = serve((r) => (r.url.endsWith('/download/') ? { data: new Blob(['%PDF']), headers: { 'content-disposition': 'attachment; filename="waybill-1.pdf"' } } : null));
  render();

  expect(await screen.findByRole('heading', { name: 'Отгрузки' })).toBeInTheDocument();
  expect(await screen.findByText('TRK-1')).toBeInTheDocument();
  expect(sent[0]).toMatchObject({ url: '/api/shippings/', params: { page: 1, page_size: 20, ordering: '-created_at' } });
  const first = rowOf('TRK-1');
  expect(within(first).getByText('СДЭК')).toBeInTheDocument();
  expect(within(first).getByText('В пути')).toBeInTheDocument();
  expect(within(first).getByText('3 ноября 2026 г.')).toBeInTheDocument();
  // A parcel still being prepared has no tracking number, waybill or date yet, and says so.
  const second = rowOf('2026-000042');
  expect(within(second).getByText('Готовится')).toBeInTheDocument();
  expect(within(second).getByText('ещё не отправлена')).toBeInTheDocument();
  expect(within(second).queryByRole('button', { name: /Скачать/ })).toBeNull();
  expect(within(second).queryByRole('button', { name: /Скопировать/ })).toBeNull();

  await user.click(within(first).getByRole('button', { name: 'Скопировать трек-номер TRK-1' }));
  expect(writeText).toHaveBeenCalledWith('TRK-1');
  expect(await within(first).findByRole('status')).toHaveTextContent('Трек-номер TRK-1 скопирован');

  await user.click(within(first).getByRole('button', { name: 'Скачать накладную заказа № 2026-000041' }));
  await waitFor(() => expect(saved).toEqual(['waybill-1.pdf']));
  const download = sent.find((r) => r.url === '/api/shippings/1/download/')!;
  expect(download.responseType).toBe('blob');
  expect(download.authorization).toMatch(/^Bearer /);

  // The order's page is the orders remote's /orders/:id, reached from here as ../<id>.
  expect(within(first).getByRole('link', { name: 'Заказ № 2026-000041' })).toHaveAttribute('href', '/orders/41');
  click.mockRestore();
});

it('filters by status and searches by tracking or order number, the view in the address; a reload asks for the same view', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = render();
  await screen.findByText('TRK-1');

  await chooseFilter(user, 'Статус', 'Доставлена');
  await waitFor(() => expect(view.address()).toBe('/orders/shipping?status=delivered'));
  await waitFor(() => expect(sent.at(-1)!.params).toMatchObject({ status: 'delivered', page: 1 }));

  await user.type(screen.getByRole('searchbox'), 'TRK-1{Enter}');
  await waitFor(() => expect(view.address()).toBe('/orders/shipping?status=delivered&search=TRK-1'));
  await waitFor(() => expect(sent.at(-1)!.params).toMatchObject({ status: 'delivered', search: 'TRK-1' }));
  view.unmount();

  const again = serve();
  render('/orders/shipping?status=delivered&search=TRK-1');
  await screen.findByText('TRK-1');
  expect(again[0].params).toMatchObject({ status: 'delivered', search: 'TRK-1' });
  expect(screen.getByRole('searchbox')).toHaveValue('TRK-1');
  expect(screen.getByText('Статус: Доставлена')).toBeInTheDocument();
});

it('staff see whose shipment each is and filter by dealer; a dealer sees no dealer column and asks for no dealers', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = serve();
  const view = render();
  await screen.findByText('TRK-1');
  await waitFor(() => expect(within(rowOf('TRK-1')).getByText('ООО Ромашка')).toBeInTheDocument());
  expect(screen.getByRole('columnheader', { name: 'Дилер' })).toBeInTheDocument();
  await chooseFilter(user, 'Дилер', 'ИП Лютиков');
  await waitFor(() => expect(view.address()).toBe('/orders/shipping?dealer=4'));
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/shippings/').at(-1)!.params).toMatchObject({ dealer: '4' }));
  view.unmount();

  signIn();
  const asDealer = serve();
  render();
  await screen.findByText('TRK-1');
  expect(screen.queryByRole('columnheader', { name: 'Дилер' })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Дилер' })).toBeNull();
  expect(asDealer.some((r) => r.url === '/api/dealers/')).toBe(false);
});

it('a failed list says why and retries the same view', async () => {
  signIn();
  const user = userEvent.setup({ delay: null });
  let fail = true;
  const sent = serve(() => (fail ? { status: 500, data: { message: 'База данных недоступна', code: 'internal' } } : null));
  render('/orders/shipping?status=in_transit');
  expect(await screen.findByText('База данных недоступна')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('TRK-1')).toBeInTheDocument();
  expect(sent.map((r) => r.params.status)).toEqual(['in_transit', 'in_transit']);
});

it('an empty list says there are no shipments; the English words are complete', async () => {
  signIn();
  answerWith(() => ({ data: { count: 0, next: null, previous: null, results: [] } }));
  const { i18n } = await import('@portal/shared');
  await i18n.changeLanguage('en');
  render();
  expect(await screen.findByRole('heading', { name: 'Shipments' })).toBeInTheDocument();
  expect(await screen.findByText('No shipments yet')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  await i18n.changeLanguage('ru');
});
