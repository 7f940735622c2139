// The signed-in cabinet: antd arrives with this chunk, not with /login (design §8).
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import {
  apiClient, logout, selectCurrentUser, selectIsStaff, selectProfileLoading, setAsideShow, setSidebarShow, setSidebarUnfoldable, chooseInterface,
  useAppDispatch, useAppSelector, useTranslation,
} from '@portal/shared';
import { PlainButton } from '@portal/shared/ui/plain-button';
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { RemotesProvider, useRemotes, type RemoteSlot } from '../remote-loader/remotes-context';
import { RegistryErrorPanel, RemoteArea } from '../remote-loader/remote-area';
import { entriesFor, entryAt, labelOf, needsContract, opensBeforeContract, type PlacedEntry } from '../menu/menu-entries';
import { MenuIcon } from '../menu/menu-icon';
import { CountedLabel, useMenuCounts } from '../menu/menu-counts';
import { PulseSpinner } from '../../components/pulse-spinner';
import { PlainSwitch } from './plain-switch';
import { MutedText, PlainText } from '@portal/shared/ui/text';
import { Home } from '../home/home';
import { CART_ENTRY_KEY, CartLink } from './cart-link';
import { SideMenu, type SideMenuItem } from './side-menu';
import { UserMenu } from './user-menu';
import { AnswerRegion } from './answer-region';
import { fullName, shortName } from './user-name';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import './cabinet-translations';
import '@portal/antd-theme.css';
import './cabinet.css';

// antd's context (ConfigProvider), for the parts that draw antd components.
const AntdScope = lazy(() => import(/* webpackChunkName: "antd-scope" */ './antd-scope'));
// Its own chunk: the Markdown renderer it needs loads only when the agreement is shown.
const ContractScreen = lazy(() => import('../contract/contract-screen'));
// The user's own profile (issue 19 item 5): its own chunk, from the user menu.
const ProfileScreen = lazy(() => import('../profile/profile-screen'));
// The page a dev build's link opens (issue 32 item 1): its own chunk, for staff only.
const OverrideScreen = lazy(() => import('../override/override-screen'));
// The contract screen is the one that takes antd's App context (its message hook), so App, and with
// it the message, modal and notification code (~20 KB gzip, bench/bundle.ts), loads once that screen
// is shown rather than with every cabinet; see ContentArea.
const AntApp = lazy(() => import('antd/es/app'));
// The aside is hidden by default (spec §2): its antd parts (descriptions, tag) load when it opens.
const Aside = lazy(() => import('./aside').then((m) => ({ default: m.Aside })));
// The sidebar as a drawer on a phone: its code loads with the first tap on the menu button.
const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })));

/** An unsigned dealer sees the contract screen in place of any path but those its entries open before the agreement. */
const showsContract = (gated: boolean, entries: PlacedEntry[], pathname: string) =>
  pathname === '/contract' || (gated && pathname !== PROFILE_PATH && !opensBeforeContract(entries, pathname));

const PROFILE_PATH = '/profile';

export default function Cabinet() {
  const themeName = useAppSelector((s) => s.ui.theme);
  // The theme sheet sets the dark theme's variables under this attribute (scripts/antd-styles.tsx).
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = themeName === 'dark' ? 'dark' : 'default';
  }, [themeName]);
  // The frame is plain markup (cabinet.css): antd's context comes with the parts that draw antd (Antd).
  return (
    <RemotesProvider>
      <CabinetLayout />
    </RemotesProvider>
  );
}

/** antd's theme, language and nonce for what `children` draw, in a chunk that loads with the first such part. */
function Antd({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PulseSpinner />}><AntdScope>{children}</AntdScope></Suspense>;
}

function CabinetLayout() {
  const { t, i18n } = useTranslation(['host']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector(selectCurrentUser);
  const profileLoading = useAppSelector(selectProfileLoading);
  const ui = useAppSelector((s) => s.ui);
  const { remotes, open } = useRemotes();
  const [hovered, setHovered] = useState(false);
  const narrow = useIsNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // Any navigation (a menu entry, a link, back) closes the drawer; so does a window grown wide. The
  // menu button then has the focus back.
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    if (drawerOpen) setDrawerOpen(false);
  }
  if (drawerOpen && !narrow) setDrawerOpen(false);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen && narrow) menuButton.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen, narrow]);
  const gated = needsContract(user);
  const entries = useMemo(() => entriesFor(remotes, user), [remotes, user]);
  const counts = useMenuCounts(gated ? [] : entries, location.pathname);

  const items = useMemo<SideMenuItem[]>(() => {
    const shown = entries.filter((m) => !gated || m.beforeContract);
    // A remote whose manifest could not be read has no entries to draw: its name leads to its area,
    // where the error panel offers a retry. An unsigned dealer could not open it anyway.
    const unread = gated ? [] : remotes.filter((r) => r.menu.state === 'failed');
    return [
      { key: '/', icon: <HomeOutlined />, label: t('layout.home'), title: t('layout.home') },
      ...(user?.role === 'dealer' ? [{ key: '/contract', icon: <FileTextOutlined />, label: t('layout.contract'), title: t('layout.contract') }] : []),
      // Hovering an entry fetches its remote's code ahead of the click.
      ...shown.map((m) => ({
        key: m.to, icon: <MenuIcon name={m.icon} />, onMouseEnter: () => open(m.remote), title: labelOf(m, i18n.language),
        label: <CountedLabel label={labelOf(m, i18n.language)} count={counts[m.to]} spoken={t('layout.menuCount', { count: counts[m.to] })} />,
      })),
      ...unread.map((r) => ({ key: r.basePath, icon: <WarningOutlined />, label: r.name, title: r.name })),
    ];
  }, [entries, remotes, user, gated, t, i18n.language, open, counts]);

  const selected = useMemo(() => {
    if (showsContract(gated, entries, location.pathname)) return '/contract';
    const keys = items.map((i) => i.key);
    const match = keys.filter((k) => k !== '/' && (location.pathname === k || location.pathname.startsWith(`${k}/`))).sort((a, b) => b.length - a.length)[0];
    return match ?? (location.pathname === '/' ? '/' : '');
  }, [items, location.pathname, gated]);

  const collapsed = ui.sidebarUnfoldable && !hovered;

  // The choice is applied here at once and kept in the profile (design §6); a failed save changes nothing here.
  const changeTheme = (theme: 'default' | 'dark') => { dispatch(chooseInterface({ theme })).catch(() => undefined); };
  const themeSwitch = <PlainSwitch checked={ui.theme === 'dark'} label={t('layout.theme')} onChange={(dark) => changeTheme(dark ? 'dark' : 'default')} />;
  const toggleLanguage = () => {
    const language = t('layout.language') === 'English' ? 'en' : 'ru';
    dispatch(chooseInterface({ language })).catch(() => undefined);
  };

  const onLogout = () => {
    // The server revokes the session's refresh tokens (best effort; the token is read at once), and
    // the storage is cleared as before, without waiting for the answer.
    void apiClient.logout();
    dispatch(logout());
    navigate('/login', { replace: true });
  };

  return (
    <div className="cabinet">
      {narrow && drawerOpen && (
        <Suspense fallback={null}>
          <MenuDrawer id="menu-drawer" title={t('brand')} dark={ui.theme === 'dark'} onClose={closeDrawer}>
            <SideMenu items={items} selected={selected} collapsed={false} dark={ui.theme === 'dark'}
              onOpen={(key) => { setDrawerOpen(false); navigate(key); }} />
          </MenuDrawer>
        </Suspense>
      )}
      {!narrow && ui.sidebarShow && (
        <aside
          className={['cabinet-sider', collapsed && 'cabinet-sider-collapsed', ui.theme === 'dark' && 'cabinet-sider-dark'].filter(Boolean).join(' ')}
          onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)} data-testid="sidebar"
        >
          <div className="cabinet-brand">{collapsed ? 'ПД' : t('brand')}</div>
          {/* The menu takes the sidebar's theme: on its own it keeps the page's dark grey on the navy sidebar. */}
          <SideMenu items={items} selected={selected} collapsed={collapsed} dark={ui.theme === 'dark'} onOpen={(key) => navigate(key)} />
          {!collapsed && (
            <div style={{ padding: 16 }}>
              <PlainSwitch checked={ui.sidebarUnfoldable} label={t('layout.unfoldable')} onChange={(v) => dispatch(setSidebarUnfoldable(v))} />
            </div>
          )}
        </aside>
      )}
      <div className="cabinet-main">
        <header className={narrow ? 'cabinet-header cabinet-header-narrow' : 'cabinet-header'}>
          {narrow ? (
            // A phone: the one button opens the menu as a drawer over the page.
            <PlainButton ref={menuButton} variant="text" aria-label={t('layout.sidebar')} aria-haspopup="dialog" aria-expanded={drawerOpen}
              aria-controls={drawerOpen ? 'menu-drawer' : undefined} icon={<MenuUnfoldOutlined />} onClick={() => setDrawerOpen(true)} />
          ) : (
            <HeaderTip title={t('layout.sidebar')}>
              <PlainButton variant="text" aria-label={t('layout.sidebar')} aria-pressed={ui.sidebarShow}
                icon={ui.sidebarShow ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />} onClick={() => dispatch(setSidebarShow(!ui.sidebarShow))} />
            </HeaderTip>
          )}
          {narrow ? (
            <div className="cabinet-brand">{t('brand')}</div>
          ) : <div className="cabinet-header-gap" />}
          <div className="cabinet-tools">
            <CartLink entry={gated ? undefined : entries.find((m) => m.key === CART_ENTRY_KEY)} onIntent={open} />
            {!narrow && themeSwitch}
            {!narrow && <PlainButton variant="text" icon={<GlobalOutlined />} onClick={toggleLanguage}>{t('layout.language')}</PlainButton>}
            {!narrow && (
              <HeaderTip title={t('layout.aside')}>
                <PlainButton variant={ui.asideShow ? 'primary' : 'text'} aria-label={t('layout.aside')} aria-pressed={ui.asideShow} icon={<InfoCircleOutlined />} onClick={() => dispatch(setAsideShow(!ui.asideShow))} />
              </HeaderTip>
            )}
            {/* Named by the user's name it shows (WCAG 2.5.3): an aria-label «Профиль» would differ from it. */}
            <UserMenu
              button={<>
                <span aria-hidden className="cabinet-avatar"><UserOutlined /></span>
                <span className="cabinet-user-name">{user ? shortName(user, profileLoading) : ''}</span>
              </>}
              // Who is signed in heads the menu as plain text, not as a (disabled-looking) menu item.
              header={<>
                <PlainText strong>{user ? fullName(user) : ''}</PlainText>
                <MutedText>{t(`layout.role.${user?.role ?? 'dealer'}`)}</MutedText>
              </>}
              // The profile first; on a phone the theme and the language live here too, above «Выйти».
              actions={[
                { key: 'profile', icon: <UserOutlined />, label: t('layout.profile'), onClick: () => navigate(PROFILE_PATH) },
                ...(narrow ? [
                  { key: 'theme', icon: <BulbOutlined />, label: t('layout.theme'), checked: ui.theme === 'dark', onClick: () => changeTheme(ui.theme === 'dark' ? 'default' : 'dark') },
                  { key: 'language', icon: <GlobalOutlined />, label: t('layout.language'), onClick: toggleLanguage },
                ] : []),
                { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true, onClick: onLogout },
              ]}
            />
          </div>
        </header>
        <OverrideBanner />
        <AnswerRegion />
        <main className={narrow ? 'cabinet-content cabinet-content-narrow' : 'cabinet-content'}>
          <ContentArea withApp={showsContract(gated, entries, location.pathname)}>
            <CabinetRoutes gated={gated} entries={entries} />
          </ContentArea>
        </main>
      </div>
      {!narrow && ui.asideShow && (
        <aside className="cabinet-aside" data-testid="aside">
          <Antd><Aside user={user} /></Antd>
        </aside>
      )}
    </div>
  );
}

/**
 * The screens, inside antd's App from the first time the contract screen is shown on: it stays
 * there, so that «Договор подписан» still shows on the screen the dealer goes on to. The screen
 * that goes in App is the one that is opening, so none is drawn anew.
 */
function ContentArea({ withApp, children }: { withApp: boolean; children: ReactNode }) {
  const [inApp, setInApp] = useState(withApp);
  if (withApp && !inApp) setInApp(true);
  return inApp ? <Antd><AntApp component={false}>{children}</AntApp></Antd> : <>{children}</>;
}

/** Where `portal-remote dev` sends an event each time it has built the remote again, next to the manifest. */
const DEV_BUILD_EVENTS = 'portal-remote-events';

/**
 * While a staff user's browser loads a remote from elsewhere (a local override, REMOTE_OVERRIDES=on),
 * a banner says which, and ends it: the server clears the override cookie and the page loads anew.
 */
function OverrideBanner() {
  const { t } = useTranslation('host');
  const { remotes } = useRemotes();
  const [ending, setEnding] = useState(false);
  const overridden = remotes.filter((r) => r.override);
  const names = overridden.map((r) => r.name);
  // A build served by `portal-remote dev` says when it was built again (an event stream next to its
  // manifest): the page then loads anew, with the new build. Any other manifest has no such stream,
  // and the browser gives up on it after its first answer.
  const entries = overridden.map((r) => r.entry).join(' ');
  useEffect(() => {
    if (!entries || typeof EventSource === 'undefined') return undefined;
    const streams = entries.split(' ').map((entry) => {
      const stream = new EventSource(new URL(DEV_BUILD_EVENTS, entry).href);
      stream.addEventListener('built', () => window.location.reload());
      return stream;
    });
    return () => streams.forEach((stream) => stream.close());
  }, [entries]);
  if (names.length === 0) return null;
  const end = () => {
    setEnding(true);
    apiClient.delete('/api/remotes/overrides/').then(() => window.location.reload(), () => setEnding(false));
  };
  return (
    <div role="status" data-testid="override-banner" className="cabinet-override">
      <WarningOutlined className="cabinet-override-icon" aria-hidden />
      <PlainText strong>{t('remote.override', { names: names.join(', ') })}</PlainText>
      <MutedText>{t('remote.overrideText')}</MutedText>
      <PlainButton size="small" onClick={end} loading={ending}>{t('remote.overrideEnd')}</PlainButton>
    </div>
  );
}

/**
 * A header button's hint on hover and on keyboard focus, drawn by CSS: antd's Tooltip brought
 * rc-trigger and its motion to every cabinet's first load. The button keeps its own aria-label.
 */
function HeaderTip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <span className="header-tip" data-tip={title}>
      {children}
    </span>
  );
}

function CabinetRoutes({ gated, entries }: { gated: boolean; entries: PlacedEntry[] }) {
  const { registry, remotes, reloadRegistry } = useRemotes();
  const location = useLocation();
  const staff = useAppSelector(selectIsStaff);
  const contract = <Antd><ContractScreen /></Antd>;
  if (gated && location.pathname !== '/contract') {
    // Until the menu of the remote under this path is read, it is not known whether it opens before the agreement.
    const pending = registry === 'loading' || remotes.some((r) => r.menu.state === 'loading' && (location.pathname === r.basePath || location.pathname.startsWith(`${r.basePath}/`)));
    if (pending) return <PulseSpinner />;
    if (showsContract(gated, entries, location.pathname)) return contract;
  }
  return (
    <Routes>
      <Route path="/" element={registry === 'failed' ? <><Home /><RegistryErrorPanel onRetry={reloadRegistry} /></> : <Home />} />
      <Route path="/contract" element={contract} />
      <Route path={PROFILE_PATH} element={<Antd><ProfileScreen /></Antd>} />
      <Route path="/override" element={staff ? <OverrideScreen /> : <Navigate to="/404" replace />} />
      {remotes.map((r) => (
        <Route key={r.name} path={`${r.basePath}/*`} element={<RemoteSection remote={r} entries={entries} />} />
      ))}
      <Route path="*" element={registry === 'loading' ? <PulseSpinner /> : registry === 'failed' ? <RegistryErrorPanel onRetry={reloadRegistry} /> : <Navigate to="/404" replace />} />
    </Routes>
  );
}

/** A remote's area, only for a user whose entries lead to it: for anyone else it does not exist. */
function RemoteSection({ remote, entries }: { remote: RemoteSlot; entries: PlacedEntry[] }) {
  const { open, retry } = useRemotes();
  const { i18n } = useTranslation();
  const location = useLocation();
  const own = entries.filter((m) => m.remote === remote.name);
  // The remote's code and antd's context load side by side, not one after the other.
  useEffect(() => { open(remote.name); }, [open, remote.name, remote.menu.state]);
  if (remote.menu.state === 'loading') return <PulseSpinner />;
  if (remote.menu.state === 'ready' && own.length === 0) return <Navigate to="/404" replace />;
  const here = entryAt(own, location.pathname) ?? own[0];
  return (
    <Antd>
      <RemoteArea remote={remote} title={here ? labelOf(here, i18n.language) : remote.name}
        onOpen={() => open(remote.name)} onRetry={() => retry(remote.name)} />
    </Antd>
  );
}
