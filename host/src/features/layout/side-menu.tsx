// The sidebar's menu as plain markup in antd's look: antd's Menu (rc-menu, rc-overflow, rc-trigger
// and, through its context isolator, rc-field-form) was ~35 KB gzip of every cabinet's first load
// (bench/bundle.ts). Same roles and keyboard use as antd's: a `menu` of `menuitem`s, one tab stop,
// arrows, Home and End move, Enter and Space open.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './side-menu.css';

export interface SideMenuItem {
  /** the path the entry opens */
  key: string;
  icon: ReactNode;
  label: ReactNode;
  /** what a narrow menu shows on hover in place of the hidden label */
  title: string;
  onMouseEnter?: () => void;
}

interface SideMenuProps {
  items: SideMenuItem[];
  /** the key of the entry of the screen shown, '' for none */
  selected: string;
  /** a narrow sidebar: icons only, the labels kept for screen readers */
  collapsed: boolean;
  dark: boolean;
  onOpen: (key: string) => void;
}

export function SideMenu({ items, selected, collapsed, dark, onOpen }: SideMenuProps) {
  const list = useRef<HTMLUListElement>(null);
  const tabStop = Math.max(0, items.findIndex((i) => i.key === selected));

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    const last = items.length - 1;
    const to = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[to]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(items[index].key);
    }
  };

  // A long label («Заявки на регистрацию») wraps to a second line rather than being cut.
  return (
    <ul ref={list} role="menu" aria-orientation="vertical" className={['side-menu', collapsed && 'side-menu-collapsed', dark && 'side-menu-dark'].filter(Boolean).join(' ')}>
      {items.map((item, index) => (
        <li
          key={item.key} role="menuitem" tabIndex={index === tabStop ? 0 : -1} className="side-menu-item"
          aria-current={item.key === selected ? 'page' : undefined} title={collapsed ? item.title : undefined}
          onClick={() => onOpen(item.key)} onKeyDown={(e) => onKeyDown(e, index)} onMouseEnter={item.onMouseEnter}
        >
          <span className="side-menu-icon" aria-hidden>{item.icon}</span>
          <span className="side-menu-label">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
