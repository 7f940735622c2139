// The header's user menu as plain markup: antd's Dropdown brought its Menu and rc-trigger to every
// cabinet's first load (bench/bundle.ts). A button that opens a `menu` under it; the menu takes the
// focus, arrows move in it, Escape, a click elsewhere or Tab close it.
import { cspNonce } from '@portal/shared';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'antd/es/button';
import antTheme from 'antd/es/theme';

export interface UserMenuAction {
  key: string;
  icon: ReactNode;
  label: string;
  danger?: boolean;
  /** an on/off choice (the dark theme): a `menuitemcheckbox` that shows its state */
  checked?: boolean;
  onClick: () => void;
}

interface UserMenuProps {
  /** what the button shows (the user's name): it is also its accessible name (WCAG 2.5.3) */
  button: ReactNode;
  /** who is signed in, as plain text above the actions */
  header: ReactNode;
  actions: UserMenuAction[];
}

export function UserMenu({ button, header, actions }: UserMenuProps) {
  const { token } = antTheme.useToken();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return undefined;
    items()[0]?.focus();
    const outside = (event: MouseEvent) => { if (!root.current?.contains(event.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = () => { setOpen(false); opener.current?.focus(); };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: (at + 1) % all.length, ArrowUp: (at - 1 + all.length) % all.length, Home: 0, End: all.length - 1 }[event.key];
    if (event.key === 'Escape') { event.preventDefault(); close(); }
    else if (event.key === 'Tab') setOpen(false);
    else if (to !== undefined) { event.preventDefault(); all[to]?.focus(); }
  };

  return (
    <div ref={root} style={{ position: 'relative', display: 'flex' }}>
      <style nonce={cspNonce}>{`.user-menu-item{display:flex;align-items:center;gap:8px;margin:4px;padding:5px 12px;border-radius:${token.borderRadiusSM}px;cursor:pointer}
.user-menu-item:hover,.user-menu-item:focus-visible{background:${token.colorBgTextHover};outline:none}
.user-menu-item-danger{color:${token.colorError}}
.user-menu-item-danger:hover,.user-menu-item-danger:focus-visible{background:${token.colorErrorBg}}
.user-menu-check{position:relative;box-sizing:border-box;width:28px;height:16px;border-radius:8px;background:${token.colorTextQuaternary};transition:background .2s}
.user-menu-check::after{content:'';position:absolute;top:2px;left:2px;width:12px;height:12px;border-radius:50%;background:#fff;transition:left .2s}
[aria-checked="true"]>.user-menu-check{background:${token.colorPrimary}}
[aria-checked="true"]>.user-menu-check::after{left:14px}`}</style>
      {/* A block-level flex box: in the header's 56 px line an inline one sits by its baseline, 2 px high. */}
      <Button ref={opener} type="text" aria-haspopup="menu" aria-expanded={open} data-testid="user-menu" style={{ display: 'flex' }}
        onClick={() => setOpen(!open)}>
        {button}
      </Button>
      {open && (
        <div style={{
          position: 'absolute', top: '100%', right: 0, marginTop: 4, zIndex: 1050, minWidth: 200, lineHeight: token.lineHeight,
          background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary,
        }}>
          <div data-testid="user-menu-header" style={{ padding: '10px 16px 8px', display: 'flex', flexDirection: 'column' }}>{header}</div>
          <div role="separator" style={{ borderTop: `1px solid ${token.colorSplit}` }} />
          <ul role="menu" style={{ listStyle: 'none', margin: 0, padding: '0 0 4px' }} onKeyDown={onKeyDown}>
            {actions.map((a) => (
              <li key={a.key} role={a.checked === undefined ? 'menuitem' : 'menuitemcheckbox'} aria-checked={a.checked} tabIndex={-1} className={a.danger ? 'user-menu-item user-menu-item-danger' : 'user-menu-item'}
                onClick={() => { setOpen(false); a.onClick(); }}
                onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setOpen(false); a.onClick(); } }}>
                <span aria-hidden style={{ display: 'inline-flex' }}>{a.icon}</span>{a.label}
                {a.checked !== undefined && <span aria-hidden className="user-menu-check" style={{ marginInlineStart: 'auto' }} />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
