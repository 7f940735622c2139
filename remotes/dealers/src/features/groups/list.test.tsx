import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import { groupsArea } from './groups-slice';
import GroupsList from './list';
import '../../translations';

const groups = [
  { id: 3, name: 'Опт', discount_percent: '12.50', description: 'Крупные покупатели' },
  { id: 4, name: 'Розница', discount_percent: '0.00', description: '' },
];
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

jest.setTimeout(60_000);
afterEach(() => localStorage.clear());

it('staff see the groups with their discounts; deleting a group with dealers shows the server\'s refusal in the dialog', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const message = 'В группе есть дилеры: переведите их в другую группу, затем удалите её.';
  const sent = answerWith((request) => (request.method === 'DELETE'
    ? { status: 409, data: { code: 'group_has_dealers', message } }
    : { data: { count: 2, next: null, previous: null, results: groups } }));
  renderScreen(<GroupsList />, { at: '/dealers/groups', base: '/dealers', slices: [groupsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Группы дилеров' })).toBeInTheDocument();
  expect(within(await screen.findByText('Опт').then(() => rowOf('Опт'))).getByText((text) => text.replace(/\u00a0/g, ' ') === '12,5 %')).toBeInTheDocument();
  expect(sent[0].params).toEqual({ page: 1, page_size: 20, ordering: 'name' });

  await user.click(within(rowOf('Опт')).getByRole('button', { name: 'Удалить: Опт' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Удалить группу «Опт»?')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(sent.some((r) => r.method === 'DELETE')).toBe(true));
  expect(await within(dialog).findByText(message)).toBeInTheDocument();
  expect(sent.find((r) => r.method === 'DELETE')!.url).toBe('/api/dealergroups/3/');
  expect(screen.getByText('Розница')).toBeInTheDocument();
});

it('deleting an empty group asks first and reads the list again', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  let left = groups;
  const sent = answerWith((request) => {
    if (request.method === 'DELETE') { left = groups.slice(0, 1); return { status: 204 }; }
    return { data: { count: left.length, next: null, previous: null, results: left } };
  });
  renderScreen(<GroupsList />, { at: '/dealers/groups', base: '/dealers', slices: [groupsArea.slice] });
  await screen.findByText('Розница');
  await user.click(within(rowOf('Розница')).getByRole('button', { name: 'Удалить: Розница' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
  await waitFor(() => expect(screen.queryByText('Розница')).toBeNull());
  expect(sent.filter((r) => r.method === 'GET')).toHaveLength(2);
});
