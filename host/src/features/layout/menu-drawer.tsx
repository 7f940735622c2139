// The sidebar on a phone: a panel over the page from the left, as plain markup (antd's Drawer
// would bring rc-drawer, rc-motion and its portal code to every cabinet's first load, design §8).
// A modal dialog: it takes the focus (the entry of the screen shown), Tab stays in it, Escape, a
// click on the dimmed page or the close button end it; the opener gets the focus back (the cabinet).
import { cspNonce, useTranslation } from '@portal/shared';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'antd/es/button';
import antTheme from 'antd/es/theme';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import './cabinet-translations';

interface MenuDrawerProps {
  /** the dialog's element id, which the menu button names in aria-controls */
  id: string;
  /** what heads the panel (the portal's name) */
  title: ReactNode;
  dark: boolean;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function MenuDrawer({ id, title, dark, onClose, children }: MenuDrawerProps) {
  const { t } = useTranslation('host');
  const { token } = antTheme.useToken();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>('[aria-current="page"]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onEscape = (event: globalThis.KeyboardEvent) => { if (event.key === 'Escape') { event.preventDefault(); onClose(); } };
    document.addEventListener('keydown', onEscape);
    // The page under the dimmed layer does not scroll while the menu is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => { document.removeEventListener('keydown', onEscape); document.body.style.overflow = overflow; };
  }, [onClose]);

  // Tab and Shift+Tab go round the panel's controls (the menu is one tab stop).
  const trap = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const all = Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    if (all.length === 0) return;
    const [first, last] = [all[0], all[all.length - 1]];
    if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
  };

  const background = dark ? '#001529' : token.colorBgContainer;
  return (
    <>
      <style nonce={cspNonce}>{`@keyframes menu-drawer-in{from{transform:translateX(-100%)}to{transform:none}}
.menu-drawer{animation:menu-drawer-in .2s ease-out}
@media (prefers-reduced-motion: reduce){.menu-drawer{animation:none}}`}</style>
      <div aria-hidden data-testid="menu-drawer-mask" onClick={onClose}
        style={{ position: 'fixed', inset: 0, zIndex: 1000, background: token.colorBgMask }} />
      <div ref={panel} id={id} role="dialog" aria-modal="true" aria-label={t('layout.sidebar')} data-testid="menu-drawer" className="menu-drawer" onKeyDown={trap}
        style={{
          position: 'fixed', top: 0, bottom: 0, left: 0, zIndex: 1001, width: 'min(280px, 85vw)', overflowY: 'auto', overscrollBehavior: 'contain',
          background, boxShadow: token.boxShadowSecondary, display: 'flex', flexDirection: 'column',
        }}>
        <div style={{ height: 56, flex: 'none', display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 8px 0 20px', fontWeight: 600, color: dark ? '#fff' : token.colorPrimary }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</span>
          <Button type="text" aria-label={t('layout.closeMenu')} icon={<CloseOutlined />} onClick={onClose}
            style={dark ? { color: 'rgba(255, 255, 255, 0.85)' } : undefined} />
        </div>
        {children}
      </div>
    </>
  );
}
