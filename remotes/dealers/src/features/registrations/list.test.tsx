import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationRequest } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, chooseFilter } from '@portal/shared/ui/testing';
import RegistrationsList from './list';
import { registrationsArea } from './registrations-slice';
import '../../translations';

const request = (id: number, fields: Partial<RegistrationRequest>): RegistrationRequest => ({
  id, company_name: 'ООО «Ромашка»', tax_id: '7707329152', contact_name: 'Иван Петров', email: 'ivan@romashka.example', phone: '+7 495 111-22-33',
  comment: '', status: 'new', created_at: '2026-11-20T09:00:00Z', decided_at: null, decision_reason: '', dealer: null, history: [], same_tax_id: [], ...fields,
});
const requests = [
  request(2, { company_name: 'ООО «Василёк»', tax_id: '7707083893', same_tax_id: [{ kind: 'dealer', id: 4, name: 'Сбер' }] }),
  request(1, { status: 'approved', dealer: 7 }),
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

jest.setTimeout(60_000);
afterEach(() => localStorage.clear());

it('staff see the requests newest first with status, and a request whose INN is known already is flagged', async () => {
  signIn(STAFF);
  const sent = answerWith(() => ({ data: { count: 2, next: null, previous: null, results: requests } }));
  renderScreen(<RegistrationsList />, { at: '/dealers/registrations', base: '/dealers', slices: [registrationsArea.slice] });
  expect(await screen.findByRole('heading', { name: 'Заявки на регистрацию' })).toBeInTheDocument();
  expect(await screen.findByText('ООО «Василёк»')).toBeInTheDocument();
  expect(sent.find((r) => r.url === '/api/regreq/')!.params).toEqual({ page: 1, page_size: 20, ordering: '-created_at' });
  expect(within(rowOf('ООО «Василёк»')).getByText('ИНН уже встречается')).toBeInTheDocument();
  expect(within(rowOf('ООО «Ромашка»')).queryByText('ИНН уже встречается')).toBeNull();
  expect(within(rowOf('ООО «Ромашка»')).getByText('Одобрена')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'ООО «Василёк»' })).toHaveAttribute('href', '/dealers/registrations/2');
});

it('the status filter goes into the address and to the API, and an address with it opens filtered', async () => {
  signIn(STAFF);
  const user = userEvent.setup({ delay: null });
  const sent = answerWith(() => ({ data: { count: 2, next: null, previous: null, results: requests } }));
  const view = renderScreen(<RegistrationsList />, { at: '/dealers/registrations?status=approved', base: '/dealers', slices: [registrationsArea.slice] });
  await screen.findByText('ООО «Василёк»');
  expect(sent.at(-1)!.params).toMatchObject({ status: 'approved' });
  await chooseFilter(user, 'Статус', 'Новая');
  await waitFor(() => expect(view.address()).toBe('/dealers/registrations?status=new'));
  await waitFor(() => expect(sent.at(-1)!.params).toEqual({ page: 1, page_size: 20, ordering: '-created_at', status: 'new' }));
});

it('a dealer who follows the address gets «not found», and nothing is asked', () => {
  signIn({ role: 'dealer', is_staff: false, dealer: 1 });
  const sent = answerWith(() => ({ data: {} }));
  renderScreen(<RegistrationsList />, { at: '/dealers/registrations', base: '/dealers', slices: [registrationsArea.slice] });
  expect(screen.getByText('404')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Заявки на регистрацию' })).toBeNull();
  expect(sent).toHaveLength(0);
});
