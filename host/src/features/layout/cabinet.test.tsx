import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { createPortalStore, setTokens } from '@portal/shared';
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

describe('who is signed in', () => {
  const profile = { id: 2, email: 'manager@demo.test', first_name: 'Михаил', last_name: 'Менеджеров', role: 'manager', dealer: null };

  beforeEach(() => {
    api.restore();
    api = stubApi((config) => {
      if (config.url === '/remotes.json') return { status: 200, data: { remotes: [] } };
      if (config.url === '/api/users/me/') return { status: 200, data: profile };
      return { status: 404, data: { message: 'нет' } };
    });
  });

  it('after a reload the header and the greeting name the user from their profile, not by email', async () => {
    // The page's store after a reload: the user comes from the stored tokens, which carry no name.
    renderAt('/', routes, createPortalStore({ loadProfile: true }));
    expect(await screen.findByRole('heading', { name: 'Здравствуйте, Михаил' })).toBeInTheDocument();
    expect(screen.getByTestId('user-menu')).toHaveTextContent('Михаил');
    expect(screen.getByTestId('user-menu')).not.toHaveTextContent('manager@demo.test');
    expect(api.calls.filter((c) => c.url === '/api/users/me/')).toHaveLength(1);
  });

  it('the user menu is headed by the name and the role as plain text, not as a menu item', async () => {
    renderAt('/', routes, createPortalStore({ loadProfile: true }));
    await screen.findByRole('heading', { name: 'Здравствуйте, Михаил' });
    await userEvent.click(screen.getByTestId('user-menu'));
    const header = await screen.findByTestId('user-menu-header');
    expect(header).toHaveTextContent('Михаил Менеджеров');
    expect(header).toHaveTextContent('Менеджер');
    expect(header.closest('[role="menuitem"]')).toBeNull();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Главная', 'Выйти']);
    expect(screen.queryByText('manager@demo.test')).not.toBeInTheDocument();
  });
});

describe('the contract in the sidebar', () => {
  const selectedItems = () => Array.from(screen.getByTestId('sidebar').querySelectorAll('.ant-menu-item-selected')).map((item) => item.textContent);

  it('while an unsigned dealer is shown the contract, the sidebar highlights the contract, not the home page', async () => {
    setTokens({ access: fakeAccessToken({ user_id: 5, email: 'dealer2@demo.test', role: 'dealer', is_staff: false, dealer: 3, contract_signed: false }), refresh: 'r' });
    renderAt('/', routes);
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
    await waitFor(() => expect(selectedItems()).toEqual(['Договор']));
  });

  it('a signed dealer who opens the contract sees it highlighted, and the home page once back there', async () => {
    setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
    renderAt('/contract', routes);
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
    await waitFor(() => expect(selectedItems()).toEqual(['Договор']));
    await userEvent.click(screen.getByRole('menuitem', { name: /Главная/ }));
    await waitFor(() => expect(selectedItems()).toEqual(['Главная']));
  });
});

// jsdom resolves none of antd's CSS variables, so here the menu is checked to take the sidebar's
// theme; e2e/cabinet.e2e.ts compares the painted backgrounds in Chromium.
it.each([['default', 'light'], ['dark', 'dark']] as const)('in the %s theme the sidebar menu is drawn in the sidebar\'s %s theme', async (theme, siderTheme) => {
  localStorage.setItem('uiPrefs', JSON.stringify({ theme }));
  renderAt('/', routes);
  const sidebar = await screen.findByTestId('sidebar');
  expect(sidebar).toHaveClass(`ant-layout-sider-${siderTheme}`);
  const menu = within(sidebar).getByRole('menu');
  expect(menu).toHaveClass(`ant-menu-${siderTheme}`);
  expect(menu).not.toHaveClass(`ant-menu-${siderTheme === 'dark' ? 'light' : 'dark'}`);
});
