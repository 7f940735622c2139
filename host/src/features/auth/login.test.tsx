import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeAccessToken, renderAt, stubApi } from '../../test/render';
import LoginScreen from './login';

const routes = (
  <Routes>
    <Route path="/login" element={<LoginScreen />} />
    <Route path="/" element={<p>cabinet home</p>} />
  </Routes>
);

afterEach(() => localStorage.clear());

it('the login screen is titled "Вход"', () => {
  renderAt('/login', routes);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Вход');
  expect(screen.getByLabelText('Эл. почта')).toBeInTheDocument();
  expect(screen.getByLabelText('Пароль')).toBeInTheDocument();
});

it('a failed login shows the server message and keeps no tokens', async () => {
  const api = stubApi(() => ({ status: 401, data: { message: 'Неверная почта или пароль', code: 'invalid_credentials' } }));
  try {
    renderAt('/login', routes);
    await userEvent.type(screen.getByLabelText('Эл. почта'), 'dealer@demo.test');
    await userEvent.type(screen.getByLabelText('Пароль'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверная почта или пароль');
    expect(localStorage.getItem('authTokens')).toBeNull();
    // A visitor has no registry of their own: nothing but the sign-in was asked.
    expect(api.calls.map((c) => c.url)).toEqual(['/api/token/']);
    const tokenCalls = api.calls.filter((c) => c.url === '/api/token/');
    expect(tokenCalls).toHaveLength(1);
    expect(JSON.parse(tokenCalls[0].data)).toEqual({ email: 'dealer@demo.test', password: 'wrong' });
  } finally {
    api.restore();
  }
});

it('a successful login stores the tokens and opens the cabinet', async () => {
  const access = fakeAccessToken({ user_id: 3, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true });
  const api = stubApi(() => ({ status: 200, data: { access, refresh: 'refresh-1', user: { id: 3, email: 'dealer@demo.test' } } }));
  try {
    const { store } = renderAt('/login', routes);
    await userEvent.type(screen.getByLabelText('Эл. почта'), 'dealer@demo.test');
    await userEvent.type(screen.getByLabelText('Пароль'), 'demo-password');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByText('cabinet home')).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('authTokens')!)).toEqual({ access, refresh: 'refresh-1' });
    // Once signed in, the user's registry is asked for while the cabinet's code arrives.
    expect(api.calls.map((c) => c.url)).toContain('/api/remotes/registry/');
    expect(store.getState().auth.user).toMatchObject({ id: 3, role: 'dealer' });
  } finally {
    api.restore();
  }
});
