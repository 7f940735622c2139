import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { setTokens } from '@portal/shared';
import { fakeAccessToken, renderAt, stubApi } from '../../test/render';
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

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  setTokens({ access: fakeAccessToken({ user_id: 5, email: 'dealer2@demo.test', role: 'dealer', is_staff: false, dealer: 3, contract_signed: false }), refresh: 'r' });
  api = stubApi((config) => (config.url === '/api/contract/' ? { status: 200, data: { text, signed: false } } : { status: 404, data: { message: 'нет' } }));
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

it('the button says what the agreement tells the dealer to press', async () => {
  renderAt('/contract', routes);
  expect(await screen.findByTestId('contract-text')).toHaveTextContent('Нажимая «Подписать»');
  await userEvent.click(screen.getByRole('checkbox'));
  expect(screen.getByRole('button', { name: 'Подписать' })).toBeEnabled();
});
