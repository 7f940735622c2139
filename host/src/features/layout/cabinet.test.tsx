import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { CONTRACT_VERSION, createPortalStore, setLanguage, setTokens } from '@portal/shared';
import { fakeAccessToken, renderAt, stubApi } from '../../test/render';
import Cabinet from './cabinet';

let api: ReturnType<typeof stubApi>;
beforeEach(() => {
  setTokens({ access: fakeAccessToken({ user_id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true, dealer: null, contract_signed: false }), refresh: 'r' });
  api = stubApi((config) => (config.url === '/api/remotes/registry/' ? { status: 200, data: { remotes: [] } } : { status: 404, data: { message: 'нет' } }));
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
  expect(await within(screen.getByTestId('aside')).findByText('manager@demo.test')).toBeInTheDocument();
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

it('signing out asks the API to end the session (its refresh token, best effort) and clears the stored tokens', async () => {
  api.restore();
  api = stubApi((config) => {
    if (config.url === '/api/remotes/registry/') return { status: 200, data: { remotes: [] } };
    if (config.url === '/api/token/logout/') return { status: 204, data: '' };
    return { status: 404, data: { message: 'нет' } };
  });
  renderAt('/', routes);
  await userEvent.click(await screen.findByTestId('user-menu'));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Выйти' }));
  await waitFor(() => expect(api.calls.filter((c) => c.url === '/api/token/logout/')).toHaveLength(1));
  const logout = api.calls.find((c) => c.url === '/api/token/logout/')!;
  expect(logout.method).toBe('post');
  expect(JSON.parse(String(logout.data))).toEqual({ refresh: 'r' });
  expect(logout.headers.Authorization).toBeUndefined();
  expect(localStorage.getItem('authTokens')).toBeNull();
});

describe('who is signed in', () => {
  const profile = { id: 2, email: 'manager@demo.test', first_name: 'Михаил', last_name: 'Менеджеров', role: 'manager', dealer: null };

  beforeEach(() => {
    api.restore();
    api = stubApi((config) => {
      if (config.url === '/api/remotes/registry/') return { status: 200, data: { remotes: [] } };
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
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Главная', 'Профиль', 'Выйти']);
    expect(screen.queryByText('manager@demo.test')).not.toBeInTheDocument();
  });
});

describe('the profile (issue 19 item 5)', () => {
  const profile = { id: 2, email: 'manager@demo.test', first_name: 'Михаил', last_name: 'Менеджеров', role: 'manager', dealer: null, language: 'ru', theme: 'default' };
  afterEach(() => act(() => setLanguage('ru')));
  /** `me`: the profile GET /api/users/me/ answers (null: it fails); a PUT fails. */
  const answering = (me: object | null) => {
    api.restore();
    api = stubApi((config) => {
      if (config.url === '/api/remotes/registry/') return { status: 200, data: { remotes: [] } };
      if (config.url === '/api/users/me/') return config.method === 'put' || !me ? { status: 500, data: { message: 'сбой' } } : { status: 200, data: me };
      return { status: 404, data: { message: 'нет' } };
    });
  };

  // The screen's forms need the page's data router (app.tsx), which this render has not: its profile is not answered here.
  it('«Профиль» heads the user menu and opens /profile', async () => {
    answering(null);
    renderAt('/', routes);
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Профиль' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
  });

  it('a dealer who has not signed the agreement may open the profile (the API lets every role have it)', async () => {
    setTokens({ access: fakeAccessToken({ user_id: 5, email: 'dealer2@demo.test', role: 'dealer', is_staff: false, dealer: 3, contract_signed: false }), refresh: 'r' });
    answering(null);
    renderAt('/profile', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Профиль' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Дилерский договор' })).not.toBeInTheDocument();
  });

  it('the language and theme of the profile replace the browser\'s when it arrives', async () => {
    answering({ ...profile, language: 'en', theme: 'dark' });
    const store = createPortalStore({ loadProfile: true });
    renderAt('/', routes, store);
    expect(await screen.findByRole('heading', { name: 'Hello, Михаил' })).toBeInTheDocument();
    expect(store.getState().ui.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('uiPrefs')!)).toMatchObject({ theme: 'dark' });
  });

  it('the header\'s theme and language are kept in the profile too; a failed save changes nothing here', async () => {
    answering(profile);
    const { store } = renderAt('/', routes);
    await userEvent.click(await screen.findByRole('switch', { name: 'Тёмная тема' }));
    await userEvent.click(screen.getByRole('button', { name: /English/ }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'put').map((c) => JSON.parse(String(c.data)))).toEqual([{ theme: 'dark' }, { language: 'en' }]));
    expect(store.getState().ui.theme).toBe('dark');
    expect(await screen.findByRole('button', { name: /Русский/ })).toBeInTheDocument();
  });
});

describe('the contract in the sidebar', () => {
  const selectedItems = () => within(screen.getByTestId('sidebar')).getAllByRole('menuitem').filter((item) => item.getAttribute('aria-current') === 'page').map((item) => item.textContent);

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

// jsdom loads no stylesheet, so here the sidebar and its menu are checked to take the theme's
// sidebar classes; e2e/cabinet.e2e.ts compares the painted backgrounds of the sidebar and its menu in Chromium.
it.each([['default', false], ['dark', true]] as const)('in the %s theme the sidebar is drawn in its own theme (dark: %s)', async (theme, dark) => {
  localStorage.setItem('uiPrefs', JSON.stringify({ theme }));
  renderAt('/', routes);
  const sidebar = await screen.findByTestId('sidebar');
  expect(sidebar.classList.contains('cabinet-sider-dark')).toBe(dark);
  expect(within(sidebar).getByRole('menu').classList.contains('side-menu-dark')).toBe(dark);
  expect(document.documentElement.dataset.theme).toBe(theme);
});

it('the sidebar menu is used from the keyboard: one tab stop, arrows move, Enter opens', async () => {
  setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
  renderAt('/', routes);
  const home = await screen.findByRole('menuitem', { name: 'Главная' });
  expect(within(screen.getByTestId('sidebar')).getAllByRole('menuitem').map((item) => item.tabIndex)).toEqual([0, -1]);
  home.focus();
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Договор' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/contract'));
});

it('the user menu opens from the keyboard with the focus on its first action, and Escape closes it back to its button', async () => {
  renderAt('/', routes);
  const button = await screen.findByTestId('user-menu');
  button.focus();
  await userEvent.keyboard('{Enter}');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Профиль' })).toHaveFocus());
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByTestId('user-menu-header')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});

describe('the menu drawn from the registry\'s data', () => {
  // What GET /api/remotes/registry/ answers: each remote's live release with its menu (contract 2.2).
  const remote = (name: string, roles: string[], menu: unknown[]) => ({
    name, basePath: `/${name}`, roles, release: 'r1', entry: `/remotes/${name}/r1/mf-manifest.json`,
    remoteEntry: `/remotes/${name}/r1/remoteEntry.js`, contractVersion: CONTRACT_VERSION, menu,
  });
  const commsMenu = [
    { key: 'news', label: { ru: 'Новости', en: 'News' }, path: '', icon: 'NotificationOutlined', roles: ['dealer'], beforeContract: true },
    { key: 'documents', label: { ru: 'Документы', en: 'Documents' }, path: 'documents', roles: ['dealer', 'manager', 'admin'] },
  ];
  const dealersMenu = (entries: unknown[] = [{ key: 'dealers', label: { ru: 'Дилеры', en: 'Dealers' }, path: '', icon: 'TeamOutlined', roles: ['manager', 'admin'] }]) => entries;
  const registryOf = (dealers = dealersMenu()) => ({ remotes: [
    remote('comms', ['dealer', 'manager', 'admin'], commsMenu),
    remote('dealers', ['manager', 'admin'], dealers),
  ] });
  const files: Record<string, unknown> = { '/api/remotes/registry/': registryOf() };
  const sidebarItems = () => within(screen.getByTestId('sidebar')).getAllByRole('menuitem').map((item) => item.textContent);

  beforeEach(() => {
    api.restore();
    api = stubApi((config) => (config.url! in files ? { status: 200, data: files[config.url!] } : { status: 404, data: { message: 'нет' } }));
  });

  it('a signed dealer sees its entries from the data, and home cards for the same entries', async () => {
    setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
    renderAt('/', routes);
    await waitFor(() => expect(sidebarItems()).toEqual(['Главная', 'Договор', 'Новости', 'Документы']));
    expect(within(screen.getByTestId('home-sections')).getAllByRole('link').map((c) => c.textContent)).toEqual(['Новости', 'Документы']);
  });

  it('an unsigned dealer sees only what its entries open before the agreement', async () => {
    setTokens({ access: fakeAccessToken({ user_id: 5, email: 'dealer2@demo.test', role: 'dealer', is_staff: false, dealer: 3, contract_signed: false }), refresh: 'r' });
    renderAt('/', routes);
    await waitFor(() => expect(sidebarItems()).toEqual(['Главная', 'Договор', 'Новости']));
  });

  it('a manager sees the staff entries', async () => {
    renderAt('/', routes);
    await waitFor(() => expect(sidebarItems()).toEqual(['Главная', 'Документы', 'Дилеры']));
  });

  it('a dealer who opens a staff section\'s address is sent to 404, without the section\'s code', async () => {
    setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
    renderAt('/dealers', routes);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
  });

  it('a dealer who opens a dev build\'s link (/override) is sent to 404; staff see the page that asks', async () => {
    setTokens({ access: fakeAccessToken({ user_id: 4, email: 'dealer@demo.test', role: 'dealer', is_staff: false, dealer: 1, contract_signed: true }), refresh: 'r' });
    const { unmount } = renderAt('/override?name=comms&manifest=http%3A%2F%2Flocalhost%3A3101%2Fmf-manifest.json', routes);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
    unmount();
    setTokens({ access: fakeAccessToken({ user_id: 2, email: 'manager@demo.test', role: 'manager', is_staff: true, dealer: null, contract_signed: true }), refresh: 'r' });
    renderAt('/override?name=comms&manifest=http%3A%2F%2Flocalhost%3A3101%2Fmf-manifest.json', routes);
    expect(await screen.findByRole('heading', { name: 'Подключить сборку разработки' })).toBeInTheDocument();
  });

  it('a registry that cannot be read shows one error with a retry, and the retry reads it again', async () => {
    let available = false;
    api.restore();
    api = stubApi((config) => (config.url === '/api/remotes/registry/' && !available ? { status: 503, data: {} } : config.url! in files ? { status: 200, data: files[config.url!] } : { status: 404, data: {} }));
    renderAt('/comms', routes);
    expect(await screen.findByTestId('registry-error')).toHaveTextContent('Не удалось загрузить разделы портала');
    expect(screen.getByTestId('location')).toHaveTextContent('/comms');
    available = true;
    await userEvent.click(within(screen.getByTestId('registry-error')).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(sidebarItems()).toContain('Документы'));
  });

  it('an entry with a count shows what waits (a new registration request), read out with the label, and asks again on the next screen', async () => {
    let waiting = 3;
    const asked: string[] = [];
    const withCount: Record<string, unknown> = {
      '/api/remotes/registry/': registryOf(dealersMenu([
        { key: 'registrations', label: { ru: 'Заявки на регистрацию', en: 'Registration requests' }, path: 'registrations', roles: ['manager', 'admin'], count: '/api/regreq/?status=new' },
      ])),
    };
    api.restore();
    api = stubApi((config) => {
      if (config.url === '/api/regreq/?status=new') { asked.push(JSON.stringify(config.params)); return { status: 200, data: { count: waiting, next: null, previous: null, results: [] } }; }
      return config.url! in withCount ? { status: 200, data: withCount[config.url!] } : { status: 404, data: { message: 'нет' } };
    });
    renderAt('/', routes);
    const entry = await screen.findByRole('menuitem', { name: /Заявки на регистрацию/ });
    await waitFor(() => expect(entry).toHaveAccessibleName(/Заявки на регистрацию\s*новых: 3/));
    expect(within(entry).getByTestId('menu-count')).toHaveTextContent('3');
    expect(asked[0]).toBe(JSON.stringify({ page_size: 1 }));

    waiting = 0;
    await userEvent.click(screen.getByRole('menuitem', { name: /Документы/ }));
    await waitFor(() => expect(within(entry).queryByTestId('menu-count')).not.toBeInTheDocument());
    expect(entry).toHaveAccessibleName(/^.*Заявки на регистрацию$/);
  });
});

describe('the registry the page carries', () => {
  const documents = { key: 'documents', label: { ru: 'Документы', en: 'Documents' }, path: 'documents', roles: ['dealer', 'manager', 'admin'] };
  const comms = {
    name: 'comms', basePath: '/comms', roles: ['dealer', 'manager', 'admin'], release: 'r1', entry: '/remotes/comms/r1/mf-manifest.json',
    remoteEntry: '/remotes/comms/r1/remoteEntry.js', contractVersion: CONTRACT_VERSION, menu: [documents],
  };
  const carry = (remotes: unknown[]) => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-registry';
    script.textContent = JSON.stringify({ remotes });
    document.head.append(script);
  };
  afterEach(() => document.getElementById('portal-registry')?.remove());
  const sidebarItems = () => within(screen.getByTestId('sidebar')).getAllByRole('menuitem').map((item) => item.textContent);

  it('draws the entries of the remotes every role sees even while the user\'s registry cannot be read', async () => {
    carry([comms]);
    api.restore();
    api = stubApi(() => ({ status: 503, data: {} }));
    renderAt('/', routes);
    await waitFor(() => expect(sidebarItems()).toEqual(['Главная', 'Документы']));
    expect(await screen.findByTestId('registry-error')).toBeInTheDocument();
    expect(api.calls.map((c) => c.url)).not.toContain('/remotes.json');
  });

  it('a remote replaced for this browser shows a banner naming it, which ends the override', async () => {
    carry([comms]);
    const overridden = { ...comms, entry: 'http://localhost:3001/mf-manifest.json', remoteEntry: '', override: true };
    const manifest = { metaData: { portal: { contractVersion: CONTRACT_VERSION, menu: [documents] }, remoteEntry: { name: 'remoteEntry.js', path: '' } } };
    api.restore();
    api = stubApi((config) => {
      if (config.url === '/api/remotes/registry/') return { status: 200, data: { remotes: [overridden] } };
      if (config.url === overridden.entry) return { status: 200, data: manifest };
      if (config.url === '/api/remotes/overrides/' && config.method === 'delete') return { status: 204, data: '' };
      return { status: 404, data: {} };
    });
    // jsdom has no page to reload: it says so on the console, which is all the reload does here.
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/', routes);
    const banner = await screen.findByTestId('override-banner');
    expect(banner).toHaveTextContent('Подменён раздел: comms');
    await userEvent.click(within(banner).getByRole('button', { name: 'Вернуть текущий релиз' }));
    await waitFor(() => expect(api.calls.some((c) => c.url === '/api/remotes/overrides/' && c.method === 'delete')).toBe(true));
    spy.mockRestore();
  });
});
