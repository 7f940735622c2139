import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { setTokens } from '@portal/shared';
import { fakeAccessToken, renderAt, stubApi } from '../../test/render';
import Cabinet from './cabinet';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  setTokens({ access: fakeAccessToken({ user_id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true, dealer: null, contract_signed: false }), refresh: 'r' });
  api = stubApi((config) => (config.url === '/remotes.json' ? { status: 200, data: { remotes: [] } } : { status: 404, data: { message: 'нет' } }));
});
afterEach(() => { api.restore(); localStorage.clear(); });

const routes = <Routes><Route path="*" element={<Cabinet />} /></Routes>;

it('the sidebar is shown and the aside hidden by default', async () => {
  renderAt('/', routes);
  expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
  expect(screen.queryByTestId('aside')).not.toBeInTheDocument();
});

it('the layout preferences change and are kept in the browser', async () => {
  const { store } = renderAt('/', routes);
  await screen.findByTestId('sidebar');
  await userEvent.click(screen.getByRole('button', { name: 'Панель сведений' }));
  expect(await screen.findByTestId('aside')).toBeInTheDocument();
  expect(within(screen.getByTestId('aside')).getByText('manager@demo.test')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Меню' }));
  expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('switch', { name: 'Тёмная тема' }));
  expect(store.getState().ui).toMatchObject({ sidebarShow: false, asideShow: true, theme: 'dark' });
  const kept = JSON.parse(localStorage.getItem('uiPrefs')!);
  expect(kept).toMatchObject({ sidebarShow: false, asideShow: true, theme: 'dark' });
});

it('the sidebar can be made narrow (unfoldable)', async () => {
  const { store } = renderAt('/', routes);
  await screen.findByTestId('sidebar');
  await userEvent.click(screen.getByRole('switch', { name: 'Узкое меню' }));
  expect(store.getState().ui.sidebarUnfoldable).toBe(true);
});
