// The shell's few lines of text, drawn from the theme's tokens without antd's Typography: its
// editable and copyable modes bring a text area and more into every cabinet load (design §8).
import type { CSSProperties, ReactNode } from 'react';
import antTheme from 'antd/es/theme';

/** Secondary text: the description colour (WCAG AA in both themes, see cabinet.tsx). */
export function MutedText({ children, block, style }: { children: ReactNode; block?: boolean; style?: CSSProperties }) {
  const { token } = antTheme.useToken();
  const Tag = block ? 'p' : 'span';
  return <Tag style={{ color: token.colorTextDescription, margin: block ? '0 0 1em' : undefined, ...style }}>{children}</Tag>;
}

/** Text in the theme's body colour, optionally bold. */
export function PlainText({ children, strong }: { children: ReactNode; strong?: boolean }) {
  const { token } = antTheme.useToken();
  return <span style={{ color: token.colorText, fontWeight: strong ? token.fontWeightStrong : undefined }}>{children}</span>;
}

/** A screen's heading, sized as antd's level-3 title. */
export function ScreenTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = antTheme.useToken();
  return (
    <h1 style={{ margin: '0 0 0.5em', color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong, ...style }}>
      {children}
    </h1>
  );
}
