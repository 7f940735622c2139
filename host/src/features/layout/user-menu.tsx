// The header's user menu as plain markup: antd's Dropdown brought its Menu and rc-trigger to every
// cabinet's first load (bench/bundle.ts). A button that opens a `menu` under it; the menu takes the
// focus, arrows move in it, Escape, a click elsewhere or Tab close it.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { PlainButton } from '@portal/shared/ui/plain-button';
import './user-menu.css';

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
    <div ref={root} className="user-menu">
      {/* A block-level flex box: in the header's 56 px line an inline one sits by its baseline, 2 px high. */}
      <PlainButton ref={opener} variant="text" aria-haspopup="menu" aria-expanded={open} data-testid="user-menu" style={{ display: 'flex' }}
        onClick={() => setOpen(!open)}>
        {button}
      </PlainButton>
      {open && (
        <div className="user-menu-panel">
          <div data-testid="user-menu-header" className="user-menu-header">{header}</div>
          <div role="separator" className="user-menu-separator" />
          <ul role="menu" className="user-menu-list" onKeyDown={onKeyDown}>
            {actions.map((a) => (
              <li key={a.key} role={a.checked === undefined ? 'menuitem' : 'menuitemcheckbox'} aria-checked={a.checked} tabIndex={-1} className={a.danger ? 'user-menu-item user-menu-item-danger' : 'user-menu-item'}
                onClick={() => { setOpen(false); a.onClick(); }}
                onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setOpen(false); a.onClick(); } }}>
                <span aria-hidden className="user-menu-icon">{a.icon}</span>{a.label}
                {a.checked !== undefined && <span aria-hidden className="user-menu-check" />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
