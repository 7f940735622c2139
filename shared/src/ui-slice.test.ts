import { createApiClient } from './api-client';
import { createPortalStore } from './store';
import { memoryTokenStore, stubServer } from './test-helpers';
import {
  setAsideShow, setSidebarShow, setSidebarUnfoldable, setTheme, toggleAside, toggleSidebar, UI_DEFAULTS,
} from './ui-slice';

const api = createApiClient({ baseURL: '', adapter: stubServer(() => ({ status: 200 })).adapter, tokens: memoryTokenStore() });

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('UI preferences (spec §2, §9)', () => {
  it('defaults: sidebar shown, aside hidden, theme \'default\', sidebar not unfoldable', () => {
    const store = createPortalStore({ api });
    expect(store.getState().ui).toEqual({ sidebarShow: true, asideShow: false, theme: 'default', sidebarUnfoldable: false });
    expect(UI_DEFAULTS).toEqual(store.getState().ui);
    store.dispose();
  });

  it('each preference can be set and toggled', () => {
    const store = createPortalStore({ api });
    store.dispatch(toggleSidebar());
    expect(store.getState().ui.sidebarShow).toBe(false);
    store.dispatch(setSidebarShow(true));
    expect(store.getState().ui.sidebarShow).toBe(true);
    store.dispatch(toggleAside());
    expect(store.getState().ui.asideShow).toBe(true);
    store.dispatch(setAsideShow(false));
    expect(store.getState().ui.asideShow).toBe(false);
    store.dispatch(setTheme('dark'));
    expect(store.getState().ui.theme).toBe('dark');
    store.dispatch(setSidebarUnfoldable(true));
    expect(store.getState().ui.sidebarUnfoldable).toBe(true);
    store.dispose();
  });

  it('preferences are kept in the browser under uiPrefs and survive a reload', () => {
    const first = createPortalStore({ api });
    first.dispatch(setTheme('dark'));
    first.dispatch(setAsideShow(true));
    first.dispose();
    expect(JSON.parse(localStorage.getItem('uiPrefs')!)).toMatchObject({ theme: 'dark', asideShow: true });
    const second = createPortalStore({ api });
    expect(second.getState().ui).toEqual({ sidebarShow: true, asideShow: true, theme: 'dark', sidebarUnfoldable: false });
    second.dispose();
  });

  it('a corrupt stored value gives the defaults', () => {
    localStorage.setItem('uiPrefs', '{"theme": 5, "sidebarShow": "no"');
    const store = createPortalStore({ api });
    expect(store.getState().ui).toEqual(UI_DEFAULTS);
    store.dispose();
  });

  it('a failed write of a preference keeps it for the page and only logs', () => {
    const store = createPortalStore({ api });
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new Error('quota'); });
    expect(() => store.dispatch(setTheme('dark'))).not.toThrow();
    expect(store.getState().ui.theme).toBe('dark');
    expect(log).toHaveBeenCalled();
    store.dispose();
  });
});
