import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { setTokens } from '@portal/shared';
import { fakeAccessToken, renderAt, stubApi } from '../../test/render';
import { AnswerRegion } from '../layout/answer-region';
import ContractScreen from './contract-screen';

const text = [
  '# Дилерский договор',
  '',
  '1. **Предмет договора.** Поставщик передаёт Дилеру товары.',
  '2. **Цены и скидки.** Цены определяются прайс-листом.',
  '',
  '<script>alert(1)</script><b>сырой HTML</b>',
  '',
  'Нажимая «Подписать», Дилер подтверждает согласие с условиями договора.',
].join('\n');

const version = { number: 1, created_at: '2026-03-02T09:00:00Z' };
let api: ReturnType<typeof stubApi>;
const answer = (contract: object) => {
  api?.restore();
  api = stubApi((config) => (config.url === '/api/contract/' ? { status: 200, data: { text, version, signed: false, signed_at: null, earlier_signed_version: null, summary: '', earlier_signed_text: null, ...contract } } : { status: 404, data: { message: 'нет' } }));
};
beforeEach(() => {
  setTokens({ access: fakeAccessToken({ user_id: 5, email: 'dealer2@demo.test', role: 'dealer', is_staff: false, dealer: 3, contract_signed: false }), refresh: 'r' });
  answer({});
});
afterEach(() => { api.restore(); localStorage.clear(); });

const routes = <Routes><Route path="/contract" element={<ContractScreen />} /></Routes>;

it('shows the agreement as a document rendered from its Markdown, not as its raw text', async () => {
  renderAt('/contract', routes);
  const document = await screen.findByTestId('contract-text');
  expect(within(document).getByRole('heading', { name: 'Дилерский договор' })).toBeInTheDocument();
  expect(within(document).getByText('Предмет договора.').tagName).toBe('STRONG');
  expect(within(document).getAllByRole('listitem')).toHaveLength(2);
  expect(document).not.toHaveTextContent('#');
  expect(document).not.toHaveTextContent('**');
});

it('renders no raw HTML from the agreement', async () => {
  renderAt('/contract', routes);
  const document = await screen.findByTestId('contract-text');
  expect(document.querySelector('script, b')).toBeNull();
  expect(document).not.toHaveTextContent('сырой HTML');
  expect(document).not.toHaveTextContent('alert(1)');
});

it('staff read the agreement as dealers see it, with nothing to sign', async () => {
  setTokens({ access: fakeAccessToken({ user_id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true, dealer: null, contract_signed: false }), refresh: 'r' });
  renderAt('/contract', routes);
  expect(await screen.findByTestId('contract-text')).toHaveTextContent('Предмет договора.');
  expect(screen.getByText('Договор подписывают дилеры: здесь он в той редакции, которую они видят.')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Подписать' })).not.toBeInTheDocument();
  expect(screen.queryByText('Прочитайте договор и подпишите его, чтобы открыть кабинет.')).not.toBeInTheDocument();
});

it('the button says what the agreement tells the dealer to press', async () => {
  renderAt('/contract', routes);
  expect(await screen.findByTestId('contract-text')).toHaveTextContent('Нажимая «Подписать»');
  await userEvent.click(screen.getByRole('checkbox'));
  expect(screen.getByRole('button', { name: 'Подписать' })).toBeEnabled();
});

it('names the version; a dealer who signed an earlier one is told the agreement has changed and asked to sign again', async () => {
  // The token still says signed: it was issued before the new version.
  setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
  answer({ version: { number: 3, created_at: '2026-03-02T09:00:00Z' }, earlier_signed_version: 2 });
  renderAt('/contract', routes);
  expect(await screen.findByTestId('contract-version')).toHaveTextContent('Редакция 3 от 2 марта 2026 г.');
  expect(screen.getByRole('alert')).toHaveTextContent('Договор изменён');
  expect(screen.getByRole('alert')).toHaveTextContent('Вы подписывали редакцию 2');
  expect(screen.getByRole('button', { name: 'Подписать' })).toBeDisabled();
  await userEvent.click(screen.getByRole('checkbox'));
  expect(screen.getByRole('button', { name: 'Подписать' })).toBeEnabled();
});

it('a dealer who never signed is not told of a change', async () => {
  renderAt('/contract', routes);
  expect(await screen.findByTestId('contract-version')).toBeInTheDocument();
  expect(screen.queryByText('Договор изменён')).toBeNull();
  expect(screen.getByText('Прочитайте договор и подпишите его, чтобы открыть кабинет.')).toBeInTheDocument();
});

it('a dealer who must sign again sees what changed: the summary, and the version signed beside the new one with the changed paragraphs marked', async () => {
  setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
  const before = '# Дилерский договор\n\n1. **Предмет.** Поставка товаров.\n\n2. Оплата в течение 30 дней.';
  const after = '# Дилерский договор\n\n1. **Предмет.** Поставка товаров.\n\n2. Оплата в течение 14 дней.\n\n3. Нажимая «Подписать», Дилер соглашается.';
  answer({ text: after, version: { number: 3, created_at: '2026-11-27T08:00:00Z' }, earlier_signed_version: 2, summary: 'Срок оплаты сокращён до 14 дней.', earlier_signed_text: before });
  renderAt('/contract', routes);
  const changes = await screen.findByTestId('contract-changes');
  expect(changes).toHaveTextContent('Что изменилось: Срок оплаты сокращён до 14 дней.');
  const signed = within(changes).getByRole('region', { name: 'Вы подписывали: редакция 2' });
  const fresh = within(changes).getByRole('region', { name: 'Новая редакция 3' });
  // Both texts as documents, the unchanged heading in both.
  expect(within(signed).getByRole('heading', { name: 'Дилерский договор' })).toBeInTheDocument();
  expect(within(fresh).getByRole('heading', { name: 'Дилерский договор' })).toBeInTheDocument();
  // Only the changed paragraphs are marked: removed on the old side, added on the new.
  expect([...signed.querySelectorAll('del')].map((d) => d.textContent?.trim())).toEqual(['Оплата в течение 30 дней.']);
  expect([...fresh.querySelectorAll('ins')].map((d) => d.textContent?.trim())).toEqual(['Оплата в течение 14 дней.', 'Нажимая «Подписать», Дилер соглашается.']);
  expect(signed.querySelector('ins')).toBeNull();
  expect(fresh.querySelector('del')).toBeNull();
  // Read, then signed as before.
  await userEvent.click(screen.getByRole('checkbox'));
  expect(screen.getByRole('button', { name: 'Подписать' })).toBeEnabled();
});

it('signing says so in the host\'s one answer region, which outlives the move the cabinet makes at once', async () => {
  api.restore();
  api = stubApi((config) => {
    if (config.url === '/api/contract/') return { status: 200, data: { text, version, signed: false, signed_at: null, earlier_signed_version: null, summary: '', earlier_signed_text: null } };
    if (config.url === '/api/contract/sign/') return { status: 200, data: {} };
    if (config.url === '/api/token/refresh/') {
      return { status: 200, data: { access: fakeAccessToken({ user_id: 5, email: 'dealer2@demo.test', role: 'dealer', is_staff: false, dealer: 3, contract_signed: true }), refresh: 'r2' } };
    }
    return { status: 404, data: { message: 'нет' } };
  });
  renderAt('/contract', <>{routes}<AnswerRegion /></>);
  await screen.findByTestId('contract-text');
  expect(screen.getByTestId('answer')).toHaveTextContent('');
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Подписать' }));
  await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('Договор подписан. Спасибо!'));
  expect(api.calls.map((call) => call.url)).toContain('/api/contract/sign/');
});

it('a dealer who never signed sees the one text, with no comparison', async () => {
  answer({ summary: 'Первая редакция.' });
  renderAt('/contract', routes);
  expect(await screen.findByTestId('contract-text')).toBeInTheDocument();
  expect(screen.queryByTestId('contract-changes')).toBeNull();
});
