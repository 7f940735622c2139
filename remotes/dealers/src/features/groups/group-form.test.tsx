import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import GroupCreate from './create';
import GroupEdit from './edit';
import { groupsArea } from './groups-slice';
import '../../translations';

const slices = [groupsArea.slice];

jest.setTimeout(60_000);
afterEach(() => localStorage.clear());

it('a new group: a discount above 100 is refused on its field before sending; a comma is taken for the point; saved, the list opens', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(() => ({ status: 201, data: { id: 9, name: 'Партнёры', discount_percent: '7.50', description: '' } }));
  const view = renderScreen(<GroupCreate />, { at: '/dealers/groups/new', path: '/dealers/groups/new', base: '/dealers', slices, routes: { '/dealers/groups': <p>Список групп</p> } });
  await user.type(screen.getByRole('textbox', { name: 'Название' }), 'Партнёры');
  const discount = screen.getByRole('textbox', { name: 'Скидка, %' });
  await user.clear(discount);
  await user.type(discount, '100.5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText(/от 0 до 100/)).toBeInTheDocument();
  expect(sent).toHaveLength(0);

  await user.clear(discount);
  await user.type(discount, '7,5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(view.address()).toBe('/dealers/groups'));
  expect(screen.getByTestId('answer')).toHaveTextContent(/^Группа «.+» (создана|сохранена)$/);
  expect(JSON.parse(sent[0].data as string)).toEqual({ name: 'Партнёры', discount_percent: '7.5', description: '' });
});

it("editing: the server's field error lands on its field and what was typed stays", async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  answerWith((request) => (request.method === 'PUT'
    ? { status: 400, data: { code: 'duplicate', message: 'Запись с таким значением уже существует.', fields: { name: ['Запись с таким значением уже существует.'] } } }
    : { data: { id: 3, name: 'Опт', discount_percent: '12.50', description: '' } }));
  renderScreen(<GroupEdit />, { at: '/dealers/groups/3/edit', path: '/dealers/groups/:id/edit', base: '/dealers', slices });
  const name = await screen.findByRole('textbox', { name: 'Название' });
  expect(await screen.findByRole('heading', { name: 'Группа «Опт»: изменение' })).toBeInTheDocument();
  await user.clear(name);
  await user.type(name, 'Розница');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findAllByText('Запись с таким значением уже существует.')).not.toHaveLength(0);
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveValue('Розница');
});
