import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Claim } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import { claimsArea } from './claims-slice';
import ClaimsList from './list';
import '../../translations';

const claim = (id: number, fields: Partial<Claim>): Claim => ({
  id, order: 22, order_number: '2026-000022', dealer: 3, dealer_name: 'ТехноСнаб', product: 101, product_name: 'Дрель-шуруповёрт',
  quantity: 1, reason: 'other', description: '', status: 'new', resolution: '', created_at: '2026-11-20T09:00:00Z', files: [], history: [], ...fields,
});
const claims = [claim(7, { reason: 'damaged', status: 'in_review', quantity: 2 }), claim(5, { reason: 'shortage', status: 'accepted', dealer: 4, dealer_name: 'СеверТорг' })];
const dealers = [{ id: 3, name: 'ТехноСнаб' }, { id: 4, name: 'СеверТорг' }];
const page = <T,>(results: T[]) => ({ data: { count: results.length, next: null, previous: null, results } });

const serve = () => answerWith((request) => (request.url === '/api/dealers/' ? page(dealers) : page(claims)));
const lastList = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/claims/').at(-1)!;
const open = () => renderScreen(<ClaimsList />, { at: '/admin/claims', base: '/admin', path: '/admin/claims', slices: [claimsArea.slice] });

jest.setTimeout(60_000);
afterEach(() => localStorage.clear());

it('a dealer sees its claims with their reason and status, each linked to its page, without a dealer column or filter', async () => {
  signIn();
  const sent = serve();
  open();
  expect(await screen.findByRole('heading', { name: 'Претензии' })).toBeInTheDocument();
  const row = (await screen.findByRole('link', { name: 'Претензия № 7' })).closest('tr') as HTMLElement;
  expect(within(row).getByText('Повреждение')).toBeInTheDocument();
  expect(within(row).getByText('2026-000022')).toBeInTheDocument();
  expect(screen.getByText('Недовложение')).toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: /Дилер/ })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Дилер' })).toBeNull();
  // Newest first, and a dealer's screen never asks for the dealers list.
  expect(lastList(sent).params).toMatchObject({ ordering: '-created_at' });
  expect(sent.some((r) => r.url === '/api/dealers/')).toBe(false);
});

it('staff see the dealer of each claim; a period chosen goes to the address and to the API, the last day included', async () => {
  signIn(STAFF);
  const sent = serve();
  const view = open();
  expect(await screen.findByRole('columnheader', { name: /Дилер/ })).toBeInTheDocument();
  expect(await screen.findByText('СеверТорг')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('С даты'), { target: { value: '2026-11-01' } });
  await waitFor(() => expect(view.address()).toBe('/admin/claims?created_after=2026-11-01'));
  fireEvent.change(screen.getByLabelText('По дату'), { target: { value: '2026-11-30' } });
  await waitFor(() => expect(view.address()).toBe('/admin/claims?created_after=2026-11-01&created_before=2026-12-01'));
  await waitFor(() => expect(lastList(sent).params).toMatchObject({ created_after: '2026-11-01', created_before: '2026-12-01' }));
  expect(screen.getByLabelText('По дату')).toHaveValue('2026-11-30');
});
