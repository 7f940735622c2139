// The sidebar's menu as plain markup in antd's look: antd's Menu (rc-menu, rc-overflow, rc-trigger
// and, through its context isolator, rc-field-form) was ~35 KB gzip of every cabinet's first load
// (bench/bundle.ts). Same roles and keyboard use as antd's: a `menu` of `menuitem`s, one tab stop,
// arrows, Home and End move, Enter and Space open.
import { cspNonce } from '@portal/shared';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import antTheme from 'antd/es/theme';

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
  const { token } = antTheme.useToken();
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

  // The sidebar's own colours, as antd's light and dark menus paint them (AA contrast, e2e/a11y.e2e.ts).
  const text = dark ? 'rgba(255, 255, 255, 0.65)' : token.colorText;
  const hover = dark ? 'rgba(255, 255, 255, 0.08)' : token.colorBgTextHover;
  const selectedBg = dark ? token.colorPrimary : token.colorPrimaryBg;
  const selectedText = dark ? token.colorTextLightSolid : token.colorPrimary;
  // A long label («Заявки на регистрацию») wraps to a second line rather than being cut.
  return (
    <>
      <style nonce={cspNonce}>{`.side-menu{list-style:none;margin:0;padding:4px 0;background:${dark ? '#001529' : token.colorBgContainer}}
.side-menu-item{display:flex;align-items:center;gap:10px;min-height:40px;margin:4px;padding:${collapsed ? '0 calc(50% - 11px)' : '6px 20px'};border-radius:${token.borderRadiusLG}px;color:${text};cursor:pointer;line-height:1.3;overflow:hidden;transition:background .2s,color .2s}
.side-menu-item:hover{background:${hover};color:${dark ? '#fff' : token.colorText}}
.side-menu-item[aria-current="page"]{background:${selectedBg};color:${selectedText}}
.side-menu-item:focus-visible{outline:2px solid ${dark ? '#fff' : token.colorPrimary};outline-offset:-2px}
.side-menu-icon{display:inline-flex;font-size:${collapsed ? 16 : 14}px}
.side-menu-label{min-width:0;overflow-wrap:anywhere}
.side-menu-collapsed .side-menu-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`}</style>
      <ul ref={list} role="menu" aria-orientation="vertical" className={collapsed ? 'side-menu side-menu-collapsed' : 'side-menu'}>
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
    </>
  );
}
