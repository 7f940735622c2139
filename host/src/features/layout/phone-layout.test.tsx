import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { setLanguage, setTokens } from '@portal/shared';
import { fakeAccessToken, renderAt, stubApi } from '../../test/render';
import Cabinet from './cabinet';
import { NARROW_QUERY } from '@portal/shared/ui/narrow';

/** A window whose width the test sets (narrow or not) and changes, telling listeners as a browser does. */
function windowWidth(narrow: boolean) {
  let matches = narrow;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => ({
    get matches() { return query === NARROW_QUERY && matches; },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return { set(value: boolean) { matches = value; listeners.forEach((listener) => listener()); } };
}

const original = window.matchMedia;
let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  setTokens({ access: fakeAccessToken({ user_id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true, dealer: null, contract_signed: false }), refresh: 'r' });
  api = stubApi((config) => (config.url === '/api/remotes/registry/' ? { status: 200, data: { remotes: [] } } : { status: 404, data: { message: 'нет' } }));
});
afterEach(() => { api.restore(); localStorage.clear(); window.matchMedia = original; setLanguage('ru'); });

const routes = <Routes><Route path="*" element={<Cabinet />} /></Routes>;
const header = () => screen.getByRole('banner');

it('on a phone the header keeps the menu button, the cart and the user menu; no sidebar, theme, language or aside there', async () => {
  windowWidth(true);
  renderAt('/', routes);
  const menu = await within(header()).findByRole('button', { name: 'Меню' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  expect(within(header()).queryByRole('switch', { name: 'Тёмная тема' })).not.toBeInTheDocument();
  expect(within(header()).queryByRole('button', { name: /English/ })).not.toBeInTheDocument();
  expect(within(header()).queryByRole('button', { name: 'Панель сведений' })).not.toBeInTheDocument();
  expect(within(header()).getByTestId('user-menu')).toBeInTheDocument();
});

it('the menu button opens the menu as a dialog with the focus on the screen\'s entry; Escape closes it back to the button', async () => {
  windowWidth(true);
  renderAt('/', routes);
  const menu = await within(header()).findByRole('button', { name: 'Меню' });
  await userEvent.click(menu);
  const drawer = await screen.findByRole('dialog', { name: 'Меню' });
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  await waitFor(() => expect(within(drawer).getByRole('menuitem', { name: 'Главная' })).toHaveFocus());
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(menu).toHaveFocus();
});

it('choosing an entry in the drawer opens its screen and closes the drawer, the focus back on the button', async () => {
  windowWidth(true);
  setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
  renderAt('/', routes);
  const menu = await within(header()).findByRole('button', { name: 'Меню' });
  await userEvent.click(menu);
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('menuitem', { name: 'Договор' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/contract'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(menu).toHaveFocus();
});

it('the close button and a tap on the dimmed page close the drawer too', async () => {
  windowWidth(true);
  renderAt('/', routes);
  const menu = await within(header()).findByRole('button', { name: 'Меню' });
  await userEvent.click(menu);
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Закрыть меню' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await userEvent.click(menu);
  await screen.findByRole('dialog');
  await userEvent.click(screen.getByTestId('menu-drawer-mask'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('on a phone the user menu carries the dark theme (a checkbox item) and the language above «Выйти»', async () => {
  windowWidth(true);
  const { store } = renderAt('/', routes);
  await userEvent.click(await screen.findByTestId('user-menu'));
  const list = screen.getByRole('menu');
  expect(Array.from(list.querySelectorAll('[role^="menuitem"]'), (item) => item.textContent)).toEqual(['Профиль', 'Тёмная тема', 'English', 'Выйти']);
  const items = within(list);
  const theme = items.getByRole('menuitemcheckbox', { name: 'Тёмная тема' });
  expect(theme).toHaveAttribute('aria-checked', 'false');
  await userEvent.click(theme);
  expect(store.getState().ui.theme).toBe('dark');
  await userEvent.click(screen.getByTestId('user-menu'));
  expect(screen.getByRole('menuitemcheckbox', { name: 'Тёмная тема' })).toHaveAttribute('aria-checked', 'true');
  await userEvent.click(screen.getByRole('menuitem', { name: 'English' }));
  expect(await within(header()).findByRole('button', { name: 'Menu' })).toBeInTheDocument();
});

it('a window grown wide shows the sidebar again and the theme and language back in the header', async () => {
  const width = windowWidth(true);
  renderAt('/', routes);
  await userEvent.click(await within(header()).findByRole('button', { name: 'Меню' }));
  await screen.findByRole('dialog');
  act(() => width.set(false));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
  expect(within(header()).getByRole('switch', { name: 'Тёмная тема' })).toBeInTheDocument();
  expect(within(header()).getByRole('button', { name: /English/ })).toBeInTheDocument();
});
