import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { setTokens } from '@portal/shared';
import { fakeAccessToken, renderAt } from '../../test/render';
import { Guard } from './guard';

const routes = (
  <Routes>
    <Route path="/login" element={<p>login screen</p>} />
    <Route path="*" element={<Guard><p>cabinet</p></Guard>} />
  </Routes>
);

afterEach(() => localStorage.clear());

it('with no tokens a protected route goes to /login', () => {
  renderAt('/orders/7', routes);
  expect(screen.getByText('login screen')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/login');
  expect(screen.queryByText('cabinet')).not.toBeInTheDocument();
});

it('with tokens the cabinet renders', () => {
  setTokens({ access: fakeAccessToken({ user_id: 1, email: 'd@x.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
  renderAt('/orders/7', routes);
  expect(screen.getByText('cabinet')).toBeInTheDocument();
});
