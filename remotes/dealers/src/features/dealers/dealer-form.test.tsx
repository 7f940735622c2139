import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerWith, renderScreen, signIn, STAFF } from '@portal/shared/ui/testing';
import DealerCreate from './create';
import { dealerOf } from './dealer-fixtures';
import { dealersArea } from './dealers-slice';
import DealerEdit from './edit';
import '../../translations';

const groups = [{ id: 3, name: 'Опт', discount_percent: '12.50', description: '' }];
const slices = [dealersArea.slice];

jest.setTimeout(60_000);
afterEach(() => localStorage.clear());

it('a new dealer: a wrong INN is refused on the form, the server\'s field error lands on its field, and once saved the page opens', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  let posts = 0;
  const sent = answerWith((request) => {
    if (request.url === '/api/dealergroups/') return { data: { count: 1, next: null, previous: null, results: groups } };
    posts += 1;
    if (posts === 1) return { status: 400, data: { code: 'duplicate', message: 'Запись с таким значением уже существует.', fields: { email: ['Запись с таким значением уже существует.'] } } };
    return { status: 201, data: dealerOf(21, { name: 'ООО «Берёзка»' }) };
  });
  const view = renderScreen(<DealerCreate />, { at: '/dealers/new', base: '/dealers', slices, routes: { '/dealers/21': <p>Страница дилера</p> } });
  await user.type(await screen.findByRole('textbox', { name: 'Название' }), 'ООО «Берёзка»');
  await user.type(screen.getByRole('textbox', { name: 'ИНН' }), '7707083894');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText(/Неверный ИНН/)).toBeInTheDocument();
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);

  await user.clear(screen.getByRole('textbox', { name: 'ИНН' }));
  await user.type(screen.getByRole('textbox', { name: 'ИНН' }), '7707083893');
  await user.type(screen.getByRole('textbox', { name: 'Эл. почта' }), 'sales@berezka.example');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findAllByText('Запись с таким значением уже существует.')).not.toHaveLength(0);
  expect(screen.getByRole('textbox', { name: 'Эл. почта' })).toHaveAttribute('aria-invalid', 'true');
  expect(JSON.parse(sent.find((r) => r.method === 'POST')!.data as string)).toEqual({
    name: 'ООО «Берёзка»', legal_name: '', tax_id: '7707083893', group: null, email: 'sales@berezka.example', phone: '', address: '', is_active: true,
  });

  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(view.address()).toBe('/dealers/21'));
  expect(screen.getByTestId('answer')).toHaveTextContent(/^Дилер «.+» добавлен$/);
});

it('editing fills the card, checks the phone before sending, and leaving with unsaved changes asks first', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const dealer = dealerOf(7, { is_active: false });
  answerWith((request) => (request.url === '/api/dealergroups/' ? { data: { count: 1, next: null, previous: null, results: groups } } : { data: dealer }));
  const view = renderScreen(<DealerEdit />, { at: '/dealers/7/edit', path: '/dealers/:id/edit', base: '/dealers', slices, before: ['/dealers/7'], routes: { '/dealers/:id': <p>Страница дилера</p> } });
  const phone = await screen.findByRole('textbox', { name: 'Телефон' });
  expect(phone).toHaveValue('+7 495 111-22-33');
  await user.clear(phone);
  await user.type(phone, 'звоните');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText(/Телефон: цифры/)).toBeInTheDocument();

  fireEvent.click(screen.getByTestId('history-back'));
  expect(await screen.findByRole('dialog', { name: 'Уйти со страницы?' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Уйти' }));
  await waitFor(() => expect(view.address()).toBe('/dealers/7'));
});
