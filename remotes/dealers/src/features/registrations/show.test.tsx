import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationRequest } from '@portal/shared';
import { answerWith, renderScreen, signIn, STAFF, type SentRequest } from '@portal/shared/ui/testing';
import { registrationsArea } from './registrations-slice';
import RegistrationShow from './show';
import '../../translations';

const fresh: RegistrationRequest = {
  id: 5, company_name: 'ООО «Ромашка»', tax_id: '7707329152', contact_name: 'Иван Петров', email: 'ivan@romashka.example', phone: '+7 (495) 111-22-33',
  comment: 'Хотим продавать вашу продукцию', status: 'new', created_at: '2026-11-20T09:00:00Z', decided_at: null, decision_reason: '', dealer: null,
  history: [{ from: null, to: 'new', when: '2026-11-20T09:00:00Z', who: null, who_id: null, comment: '' }],
  same_tax_id: [{ kind: 'dealer', id: 4, name: 'ТехноСнаб' }, { kind: 'request', id: 3, name: 'ООО «Ромашка» (старая)', status: 'rejected' }],
};
const groups = [{ id: 2, name: 'Опт', discount_percent: '7.00', description: '' }, { id: 3, name: 'Розница', discount_percent: '0.00', description: '' }];

/** The request as the server has it; a PUT decides it as asked. */
function serve(changes: SentRequest[], refuse?: { status: number; data: unknown }) {
  let current = fresh;
  return answerWith((request) => {
    if (request.url === '/api/dealergroups/') return { data: { count: 2, next: null, previous: null, results: groups } };
    if (request.method === 'PUT') {
      changes.push(request);
      if (refuse) return refuse;
      const body = JSON.parse(String(request.data)) as { status: RegistrationRequest['status']; decision_reason?: string };
      current = {
        ...current, status: body.status, decided_at: '2026-11-21T10:00:00Z', decision_reason: body.decision_reason ?? '', dealer: body.status === 'approved' ? 9 : null,
        history: [...current.history, { from: 'new', to: body.status, when: '2026-11-21T10:00:00Z', who: 'Мария Менеджер', who_id: 2, comment: body.decision_reason ?? '' }],
      };
      return { data: current };
    }
    return { data: current };
  });
}

const open = () => renderScreen(<RegistrationShow />, {
  at: '/dealers/registrations/5', path: '/dealers/registrations/:id', base: '/dealers', slices: [registrationsArea.slice],
});

jest.setTimeout(60_000);
beforeEach(() => signIn(STAFF));
afterEach(() => localStorage.clear());

it('shows the company, the INN check with the dealer and the request that share the INN as links, the comment and the timeline', async () => {
  serve([]);
  open();
  expect(await screen.findByRole('heading', { name: 'Заявка: ООО «Ромашка»' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'ivan@romashka.example' })).toHaveAttribute('href', 'mailto:ivan@romashka.example');
  expect(screen.getByRole('link', { name: '+7 (495) 111-22-33' })).toHaveAttribute('href', 'tel:+74951112233');
  expect(screen.getByText('7707329152: Контрольные цифры верны')).toBeInTheDocument();
  const same = screen.getByTestId('same-tax-id');
  expect(within(same).getByRole('link', { name: 'дилер «ТехноСнаб»' })).toHaveAttribute('href', '/dealers/4');
  expect(within(same).getByRole('link', { name: 'заявка «ООО «Ромашка» (старая)»' })).toHaveAttribute('href', '/dealers/registrations/3');
  expect(within(same).getByText('Отклонена')).toBeInTheDocument();
  expect(screen.getByText('Хотим продавать вашу продукцию')).toBeInTheDocument();
  expect(screen.getAllByTestId('status-change')).toHaveLength(1);
  expect(screen.getByRole('link', { name: 'Ко всем заявкам' })).toHaveAttribute('href', '/dealers/registrations');
});

it('«Одобрить» asks for the dealer group first, then sends it, and the page shows the decision and the new dealer', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  serve(changes);
  open();
  await user.click(await screen.findByRole('button', { name: 'Одобрить' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Одобрить заявку «ООО «Ромашка»»?');
  expect(dialog).toHaveTextContent('ivan@romashka.example');
  await user.click(within(dialog).getByRole('button', { name: 'Одобрить' }));
  expect(await within(dialog).findByText('Выберите группу дилера')).toBeInTheDocument();
  expect(changes).toHaveLength(0);

  await user.click(within(dialog).getByRole('combobox', { name: 'Группа дилера' }));
  await user.click(await screen.findByTitle('Опт (7 %)'));
  await user.click(within(dialog).getByRole('button', { name: 'Одобрить' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(changes[0]).toMatchObject({ method: 'PUT', url: '/api/regreq/5/' });
  expect(JSON.parse(String(changes[0].data))).toEqual({ status: 'approved', group: 2 });
  expect(await screen.findByRole('link', { name: 'Открыть дилера «ООО «Ромашка»»' })).toHaveAttribute('href', '/dealers/9');
  expect(screen.queryByRole('button', { name: 'Одобрить' })).toBeNull();
  expect(screen.getAllByTestId('status-change')).toHaveLength(2);
  expect(screen.getByTestId('answer')).toHaveTextContent('Заявка «ООО «Ромашка»» одобрена: дилер создан, на ivan@romashka.example ушло письмо со ссылкой для входа');
});

it('«Отклонить» requires the reason the applicant will be mailed; the server\'s refusal stays in the dialog', async () => {
  const user = userEvent.setup({ delay: null });
  const changes: SentRequest[] = [];
  serve(changes, { status: 409, data: { code: 'status_transition', message: 'Такой переход статуса невозможен.' } });
  open();
  await user.click(await screen.findByRole('button', { name: 'Отклонить' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
  expect(await within(dialog).findByText('Укажите причину: её получит заявитель')).toBeInTheDocument();
  expect(changes).toHaveLength(0);
  await user.type(within(dialog).getByRole('textbox', { name: 'Причина' }), 'Нет в реестре');
  await user.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
  expect(await within(dialog).findByText('Такой переход статуса невозможен.')).toBeInTheDocument();
  expect(JSON.parse(String(changes[0].data))).toEqual({ status: 'rejected', decision_reason: 'Нет в реестре' });
});

it('an INN whose check digits do not match is called out; no other holder is said so', async () => {
  answerWith(() => ({ data: { ...fresh, tax_id: '7707329153', same_tax_id: [] } }));
  open();
  expect(await screen.findByText('7707329153: Контрольные цифры не сходятся: ИНН с ошибкой')).toBeInTheDocument();
  expect(screen.getByText('Других дилеров и заявок с этим ИНН нет')).toBeInTheDocument();
});
