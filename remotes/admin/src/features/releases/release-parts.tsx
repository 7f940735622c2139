// The small pieces a release is drawn with, in the live release's card and in the history alike:
// a release id and a git commit in the code font, and "when, by whom" on two short lines.
import type { ReactNode } from 'react';
import { token } from '@portal/shared/ui/tokens';
import { useTranslation } from '@portal/shared';
import { MutedText } from '@portal/shared/ui/text';

/** A sha as git abbreviates it. */
const SHORT_SHA = 7;

export function Code({ children, title }: { children: ReactNode; title?: string }) {
  // Ids are long and unbroken: on a narrow screen they wrap rather than widen the card.
  return <code title={title} style={{ fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}>{children}</code>;
}

export function Commit({ sha }: { sha: string | null }) {
  const { t } = useTranslation('admin');
  if (!sha) return <MutedText>{t('releases.none')}</MutedText>;
  return <Code title={sha}>{sha.slice(0, SHORT_SHA)}</Code>;
}

export function Optional({ value }: { value: string | null }) {
  const { t } = useTranslation('admin');
  return value ? <>{value}</> : <MutedText>{t('releases.none')}</MutedText>;
}

/** A heading under a remote's h2: its live release, history and keys. */
export function SubTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} style={{ margin: 0, color: token.colorTextHeading, fontSize: token.fontSizeLG, lineHeight: token.lineHeightLG, fontWeight: token.fontWeightStrong }}>
      {children}
    </h3>
  );
}

/**
 * A table's own horizontal scroll, so a narrow screen scrolls the table inside its card, never the
 * page. It is focusable, so the keyboard can scroll it too (WCAG 2.1.1: axe's
 * scrollable-region-focusable), and named by the heading above it. A group, not a region: the same
 * names recur in every remote's card, and landmarks should be unique.
 */
export function TableScroller({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={labelledBy} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  );
}
