// The sidebar on a phone: a panel over the page from the left, as plain markup (antd's Drawer
// would bring rc-drawer, rc-motion and its portal code to every cabinet's first load, design §8).
// A modal dialog: it takes the focus (the entry of the screen shown), Tab stays in it, Escape, a
// click on the dimmed page or the close button end it; the opener gets the focus back (the cabinet).
import { useTranslation } from '@portal/shared';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { PlainButton } from '@portal/shared/ui/plain-button';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import './cabinet-translations';
import './menu-drawer.css';

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

  return (
    <>
      <div aria-hidden data-testid="menu-drawer-mask" className="menu-drawer-mask" onClick={onClose} />
      <div ref={panel} id={id} role="dialog" aria-modal="true" aria-label={t('layout.sidebar')} data-testid="menu-drawer"
        className={dark ? 'menu-drawer menu-drawer-dark' : 'menu-drawer'} onKeyDown={trap}>
        <div className="menu-drawer-head">
          <span className="menu-drawer-title">{title}</span>
          <PlainButton variant="text" aria-label={t('layout.closeMenu')} icon={<CloseOutlined />} onClick={onClose} />
        </div>
        {children}
      </div>
    </>
  );
}
