// The signed-in cabinet: antd arrives with this chunk, not with /login (design §8).
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import {
  logout, selectCurrentUser, selectProfileLoading, setAsideShow, setSidebarShow, setSidebarUnfoldable, setTheme, setLanguage,
  useAppDispatch, useAppSelector, type CurrentUser, type MenuEntry, useTranslation,
} from '@portal/shared';
import AntApp from 'antd/es/app';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Divider from 'antd/es/divider';
import Dropdown from 'antd/es/dropdown';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import enUS from 'antd/es/locale/en_US';
import ruRU from 'antd/es/locale/ru_RU';
import antTheme from 'antd/es/theme';
import type { MenuProps } from 'antd/es/menu';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { RemotesProvider, useRemotes, type RemoteSlot } from '../remote-loader/remotes-context';
import { RemoteArea } from '../remote-loader/remote-area';
import { PulseSpinner } from '../../components/pulse-spinner';
import { Home } from '../home/home';
import { Aside } from './aside';
import { fullName, shortName } from './user-name';

// Its own chunk: the Markdown renderer it needs loads only when the agreement is shown.
const ContractScreen = lazy(() => import('../contract/contract-screen'));

export const needsContract = (user: CurrentUser | null) => !!user && user.role === 'dealer' && !user.contract_signed;
/** What an unsigned dealer may open besides the contract (design §4: the contract screen and news). */
const OPEN_BEFORE_CONTRACT = ['/comms'];
/** An unsigned dealer sees the contract screen in place of any path but these. */
const showsContract = (gated: boolean, pathname: string) =>
  pathname === '/contract' || (gated && !OPEN_BEFORE_CONTRACT.some((p) => pathname.startsWith(p)));

export default function Cabinet() {
  const themeName = useAppSelector((s) => s.ui.theme);
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : ruRU}
      theme={{ algorithm: themeName === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, token: { colorPrimary: '#1677ff', borderRadius: 8 } }}
    >
      <AntApp>
        <RemotesProvider>
          <CabinetLayout />
        </RemotesProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** Menu entries of every loaded remote that the user's role may see, under the remote's base path. */
export function menuFor(remotes: RemoteSlot[], user: CurrentUser | null): (MenuEntry & { remote: string })[] {
  if (!user) return [];
  return remotes.flatMap((r) => {
    if (r.status.state !== 'ready') return [];
    return r.status.module.menu
      .filter((m) => m.roles.includes(user.role))
      .map((m) => ({ ...m, remote: r.name, path: joinPath(r.basePath, m.path) }));
  });
}

const joinPath = (base: string, path: string) => (path.startsWith('/') && path.startsWith(base) ? path : `${base}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'));

function CabinetLayout() {
  const { t } = useTranslation(['host']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector(selectCurrentUser);
  const profileLoading = useAppSelector(selectProfileLoading);
  const ui = useAppSelector((s) => s.ui);
  const { remotes, retry } = useRemotes();
  const [hovered, setHovered] = useState(false);
  const { token } = antTheme.useToken();
  const gated = needsContract(user);

  const items = useMemo<MenuProps['items']>(() => {
    const entries = menuFor(remotes, user).filter((m) => !gated || OPEN_BEFORE_CONTRACT.some((p) => m.path.startsWith(p)));
    const pending = remotes.filter((r) => r.status.state !== 'ready' && (!gated || OPEN_BEFORE_CONTRACT.includes(r.basePath)));
    return [
      { key: '/', icon: <HomeOutlined />, label: t('layout.home') },
      ...(user?.role === 'dealer' ? [{ key: '/contract', icon: <FileTextOutlined />, label: t('layout.contract') }] : []),
      ...entries.map((m) => ({ key: m.path, icon: m.icon ?? <AppstoreOutlined />, label: t(m.labelKey) })),
      ...pending.map((r) => ({ key: r.basePath, icon: <AppstoreOutlined />, label: t(`sections.${r.name}`, { ns: 'host', defaultValue: r.name }), disabled: r.status.state === 'loading' })),
    ];
  }, [remotes, user, gated, t]);

  const selected = useMemo(() => {
    if (showsContract(gated, location.pathname)) return ['/contract'];
    const keys = (items ?? []).map((i) => String(i?.key));
    const match = keys.filter((k) => k !== '/' && (location.pathname === k || location.pathname.startsWith(`${k}/`))).sort((a, b) => b.length - a.length)[0];
    return [match ?? (location.pathname === '/' ? '/' : '')];
  }, [items, location.pathname, gated]);

  const collapsed = ui.sidebarUnfoldable && !hovered;
  const userMenu: MenuProps['items'] = [
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
  ];
  // Who is signed in heads the menu as plain text, not as a (disabled-looking) menu item.
  const userMenuPopup = (menu: ReactNode) => (
    <div style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary, minWidth: 200 }}>
      <div data-testid="user-menu-header" style={{ padding: '10px 16px 8px', display: 'flex', flexDirection: 'column' }}>
        <Typography.Text strong>{user ? fullName(user) : ''}</Typography.Text>
        <Typography.Text type="secondary">{t(`layout.role.${user?.role ?? 'dealer'}`)}</Typography.Text>
      </div>
      <Divider style={{ margin: 0 }} />
      {menu}
    </div>
  );

  const onLogout = () => {
    dispatch(logout());
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {ui.sidebarShow && (
        <Layout.Sider
          width={240} collapsedWidth={64} collapsed={collapsed} theme={ui.theme === 'dark' ? 'dark' : 'light'}
          onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}
          style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }} data-testid="sidebar"
        >
          <div style={{ height: 56, display: 'flex', alignItems: 'center', padding: '0 20px', fontWeight: 600, color: token.colorPrimary, whiteSpace: 'nowrap', overflow: 'hidden' }}>
            {collapsed ? 'ПД' : t('brand')}
          </div>
          {/* The menu takes the sidebar's theme: on its own it keeps the page's dark grey on the navy sidebar. */}
          <Menu mode="inline" theme={ui.theme === 'dark' ? 'dark' : 'light'} items={items} selectedKeys={selected} onClick={({ key }) => navigate(key)} style={{ borderInlineEnd: 0 }} />
          {!collapsed && (
            <div style={{ padding: 16 }}>
              <Space size="small">
                <Switch size="small" checked={ui.sidebarUnfoldable} onChange={(v) => dispatch(setSidebarUnfoldable(v))} aria-label={t('layout.unfoldable')} />
                <Typography.Text type="secondary">{t('layout.unfoldable')}</Typography.Text>
              </Space>
            </div>
          )}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '0 16px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`, height: 56, lineHeight: '56px' }}>
          <Tooltip title={t('layout.sidebar')}>
            <Button type="text" aria-label={t('layout.sidebar')} aria-pressed={ui.sidebarShow}
              icon={ui.sidebarShow ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />} onClick={() => dispatch(setSidebarShow(!ui.sidebarShow))} />
          </Tooltip>
          <div style={{ flex: 1 }} />
          <Space size="middle">
            <Space size={6}>
              <Switch size="small" checked={ui.theme === 'dark'} onChange={(dark) => dispatch(setTheme(dark ? 'dark' : 'default'))} aria-label={t('layout.theme')} />
              <Typography.Text type="secondary">{t('layout.theme')}</Typography.Text>
            </Space>
            <Button type="text" icon={<GlobalOutlined />} onClick={() => setLanguage(t('layout.language') === 'English' ? 'en' : 'ru')}>{t('layout.language')}</Button>
            <Tooltip title={t('layout.aside')}>
              <Button type={ui.asideShow ? 'primary' : 'text'} aria-label={t('layout.aside')} aria-pressed={ui.asideShow} icon={<InfoCircleOutlined />} onClick={() => dispatch(setAsideShow(!ui.asideShow))} />
            </Tooltip>
            <Dropdown menu={{ items: userMenu, onClick: ({ key }) => key === 'logout' && onLogout(), style: { boxShadow: 'none' } }}
              popupRender={userMenuPopup} trigger={['click']}>
              {/* A block-level flex box: in the header's 56 px line an inline one sits by its baseline, 2 px high. */}
              <Button type="text" aria-label={t('layout.profile')} data-testid="user-menu" style={{ display: 'flex' }}>
                <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
                <span>{user ? shortName(user, profileLoading) : ''}</span>
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <CabinetRoutes gated={gated} remotes={remotes} retry={retry} />
        </Layout.Content>
      </Layout>
      {ui.asideShow && (
        <Layout.Sider width={280} theme="light" style={{ borderLeft: `1px solid ${token.colorBorderSecondary}` }} data-testid="aside">
          <Aside user={user} />
        </Layout.Sider>
      )}
    </Layout>
  );
}

function CabinetRoutes({ gated, remotes, retry }: { gated: boolean; remotes: RemoteSlot[]; retry: (name: string) => void }) {
  const { registry } = useRemotes();
  const location = useLocation();
  const contract = <Suspense fallback={<PulseSpinner />}><ContractScreen /></Suspense>;
  if (gated && showsContract(gated, location.pathname)) return contract;
  return (
    <Routes>
      <Route path="/" element={<Home />} />
      <Route path="/contract" element={contract} />
      {remotes.map((r) => (
        <Route key={r.name} path={`${r.basePath}/*`} element={<RemoteArea remote={r} onRetry={() => retry(r.name)} />} />
      ))}
      <Route path="*" element={registry === 'loading' ? null : <Navigate to="/404" replace />} />
    </Routes>
  );
}
