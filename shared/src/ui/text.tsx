// Headings and lines of text drawn from the theme's tokens, without antd's Typography (its editable
// and copyable modes bring a text area, tooltips and more, about 10 KB gzip, into every screen that
// uses it; design §8), and the «not found» panel without antd's Result (its pictures, 10 KB).
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { token } from './tokens';
import { answerFocused, selectAnswer, useAppDispatch, useAppSelector } from '@portal/shared';

/** Words for screen readers only: not drawn, still read (a column's name where its cells are icons, a status). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
};

/** Secondary text: the description colour (WCAG AA in both themes, see cabinet.tsx). */
export function MutedText({ children, block, style }: { children: ReactNode; block?: boolean; style?: CSSProperties }) {
  const Tag = block ? 'p' : 'span';
  return <Tag style={{ color: token.colorTextDescription, margin: block ? '0 0 1em' : undefined, ...style }}>{children}</Tag>;
}

/** Text in the theme's body colour, optionally bold. */
export function PlainText({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return <span style={{ color: token.colorText, fontWeight: strong ? token.fontWeightStrong : undefined }}>{children}</span>;
}

/**
 * A screen's heading (its one h1), sized as antd's level-3 title. After an action that opened this
 * screen (an answer with `focus: 'heading'`, see useSay) it takes the focus once, so the keyboard and
 * a screen reader start on the new page rather than at its top.
 */
export function ScreenTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = useAppSelector(selectAnswer);
  const dispatch = useAppDispatch();
  // Only a heading drawn after the answer (the page the action opened), not the one of the page the
  // action was taken on, which is still there for a moment when the answer arrives.
  const drawnAfter = useRef(answer?.id);
  const pending = answer?.focus === 'heading' && drawnAfter.current === answer.id ? answer.id : null;
  useEffect(() => {
    if (pending === null) return;
    heading.current?.focus();
    dispatch(answerFocused(pending));
  }, [pending, dispatch]);
  return (
    <h1 ref={heading} tabIndex={-1} style={{ margin: '0 0 0.5em', color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong, outline: 'none', ...style }}>
      {children}
    </h1>
  );
}

/** A heading inside a screen (a card's or a section's), sized as antd's level-5 title. */
export function SectionTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <h2 style={{ margin: '0 0 0.5em', color: token.colorTextHeading, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, fontWeight: token.fontWeightStrong, ...style }}>
      {children}
    </h2>
  );
}

/** What a screen shows for an address that leads nowhere the user may go (the API's 404). */
export function NotFoundPanel({ title, text }: { title?: ReactNode; text?: ReactNode }) {
  return (
    <div role="status" style={{ textAlign: 'center', padding: '48px 16px' }}>
      {/* Large text still needs 3:1 (axe checks it though hidden from assistive technology): the quaternary grey was 1.8:1. */}
      <div aria-hidden style={{ fontSize: 48, lineHeight: 1, color: token.colorTextDescription, marginBottom: 16 }}>404</div>
      {title && <h2 style={{ margin: '0 0 8px', color: token.colorTextHeading, fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong }}>{title}</h2>}
      {text && <p style={{ margin: 0, color: token.colorTextDescription }}>{text}</p>}
    </div>
  );
}
