import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerWith, renderScreen, signIn, STAFF, chooseFilter } from '@portal/shared/ui/testing';
import { dealerOf } from './dealer-fixtures';
import { dealersArea } from './dealers-slice';
import DealersList from './list';
import '../../translations';

const dealers = [dealerOf(1), dealerOf(2, { name: 'ИП Васильев', tax_id: '500100732259', group: null, group_name: null, group_discount_percent: null, is_active: false })];
const groups = [{ id: 3, name: 'Опт', discount_percent: '12.50', description: '' }, { id: 4, name: 'Розница', discount_percent: '0.00', description: '' }];
const slices = [dealersArea.slice];

const answer = () => answerWith((request) => ({
  data: { count: 2, next: null, previous: null, results: request.url === '/api/dealergroups/' ? groups : dealers },
}));

jest.setTimeout(60_000);
afterEach(() => localStorage.clear());

it('staff see the dealers by name with INN, group and state; a name opens the dealer', async () => {
  signIn(STAFF);
  const sent = answer();
  renderScreen(<DealersList />, { at: '/dealers', base: '/dealers', slices });
  expect(await screen.findByRole('heading', { name: 'Дилеры' })).toBeInTheDocument();
  const row = (await screen.findByText('ИП Васильев')).closest('tr') as HTMLElement;
  expect(within(row).getByText('500100732259')).toBeInTheDocument();
  expect(within(row).getByText('Без группы')).toBeInTheDocument();
  expect(within(row).getByText('Отключён')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'ООО «Ромашка»' })).toHaveAttribute('href', '/dealers/1');
  expect(sent.find((r) => r.url === '/api/dealers/')!.params).toEqual({ page: 1, page_size: 20, ordering: 'name' });
});

it('the search, the group and the state go into the address and to the API; an address with them opens filtered', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = answer();
  const view = renderScreen(<DealersList />, { at: '/dealers?is_active=false', base: '/dealers', slices });
  await screen.findByText('ИП Васильев');
  expect(sent.filter((r) => r.url === '/api/dealers/').at(-1)!.params).toMatchObject({ is_active: 'false' });
  await chooseFilter(user, 'Группа', 'Розница');
  await waitFor(() => expect(view.address()).toBe('/dealers?is_active=false&group=4'));
  await user.type(screen.getByRole('searchbox'), '7707083893{Enter}');
  await waitFor(() => expect(sent.filter((r) => r.url === '/api/dealers/').at(-1)!.params).toEqual({
    page: 1, page_size: 20, ordering: 'name', is_active: 'false', group: '4', search: '7707083893',
  }));
  expect(view.address()).toContain('search=7707083893');
});

it('a dealer who follows the address gets «not found», and no dealers are asked for', () => {
  signIn({ role: 'dealer', is_staff: false, dealer: 1 });
  const sent = answer();
  renderScreen(<DealersList />, { at: '/dealers', base: '/dealers', slices });
  expect(screen.queryByRole('heading', { name: 'Дилеры' })).toBeNull();
  expect(sent.filter((r) => r.url === '/api/dealers/')).toHaveLength(0);
});
