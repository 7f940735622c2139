// A status as a coloured tag with its name in the user's language (design §3, §5): one colour and
// one word per status of every lifecycle, so «Отгружен» looks the same on every screen. The tone is
// the tag's tinted background, border and dot, from the theme's tokens; the word itself is in the
// theme's text colour, since antd's coloured tag text (green-7 on green-1, 3.4:1) is below WCAG AA.
// Plain markup in antd's Tag's look: the Tag (about 5 KB with its close icon) is not needed to draw a
// word in a box, and the home's widgets show statuses within the home's budget (design §8).
import type { CSSProperties, ReactNode } from 'react';
import { token as themeToken, type TokenName } from './tokens';
import { useTranslation } from '@portal/shared';
import { addStatusWords } from './status-words';

export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/** The tone of each status of design §5 (orders, deletion requests, shipping, claims, registrations) and of a newsletter. */
export const STATUS_TONES: Record<string, StatusTone> = {
  new: 'info', confirmed: 'info', shipped: 'info', completed: 'success', cancelled: 'neutral',
  pending: 'warning', approved: 'success', rejected: 'error',
  preparing: 'warning', in_transit: 'info', delivered: 'success',
  in_review: 'warning', accepted: 'success', closed: 'neutral',
  published: 'success', draft: 'warning',
};

type ToneToken = 'colorSuccess' | 'colorSuccessBg' | 'colorSuccessBorder' | 'colorWarning' | 'colorWarningBg' | 'colorWarningBorder' | 'colorError' | 'colorErrorBg'
  | 'colorErrorBorder' | 'colorInfo' | 'colorInfoBg' | 'colorInfoBorder' | 'colorTextTertiary' | 'colorFillQuaternary' | 'colorBorder';

/** A tone's dot, background and border: the theme's variables (a 2.5 caller's antd token still works). */
export function toneColours(tone: StatusTone, token: Readonly<Record<ToneToken & TokenName, string>> = themeToken) {
  switch (tone) {
    case 'success': return { dot: token.colorSuccess, background: token.colorSuccessBg, borderColor: token.colorSuccessBorder };
    case 'warning': return { dot: token.colorWarning, background: token.colorWarningBg, borderColor: token.colorWarningBorder };
    case 'error': return { dot: token.colorError, background: token.colorErrorBg, borderColor: token.colorErrorBorder };
    case 'info': return { dot: token.colorInfo, background: token.colorInfoBg, borderColor: token.colorInfoBorder };
    default: return { dot: token.colorTextTertiary, background: token.colorFillQuaternary, borderColor: token.colorBorder };
  }
}

/** Whose status it is, when its word differs by the noun's gender («Новая» претензия, «Новый» заказ). */
export type StatusOf = 'claim' | 'registration';

export interface StatusTagProps {
  status: string;
  /** The word when the status is not one of the lifecycles' (the status itself otherwise). */
  label?: string;
  /** Whose status: a claim's or a registration request's word agrees with its feminine noun. */
  of?: StatusOf;
}

/** The box of a tag (antd Tag's size and corners), its colours by tone. */
const TAG_BOX: CSSProperties = {
  color: themeToken.colorText, display: 'inline-flex', alignItems: 'center', flex: 'none', height: 22, padding: '0 7px',
  fontSize: themeToken.fontSizeSM, lineHeight: '20px', borderStyle: 'solid', borderWidth: themeToken.lineWidth, borderRadius: themeToken.borderRadiusSM, whiteSpace: 'nowrap',
};

export function StatusTag({ status, label, of }: StatusTagProps) {
  addStatusWords();
  const { t } = useTranslation('ui');
  const { dot, ...colours } = toneColours(STATUS_TONES[status] ?? 'neutral');
  return (
    <span data-status={status} data-tone={STATUS_TONES[status] ?? 'neutral'} style={{ ...TAG_BOX, ...colours }}>
      <span aria-hidden style={{ display: 'inline-block', width: 6, height: 6, borderRadius: '50%', background: dot, marginInlineEnd: 6 }} />
      {label ?? t(of ? [`status.${of}.${status}`, `status.${status}`] : `status.${status}`, { defaultValue: status })}
    </span>
  );
}

/**
 * A word in a box in antd's default Tag's look (a discount «−7 %», a flag «Тот же ИНН»), with an
 * optional icon: plain markup, so a list's rows draw it without antd's Tag.
 */
export function NoteTag({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  const { dot: _dot, ...colours } = toneColours('neutral');
  return (
    <span style={{ ...TAG_BOX, ...colours, gap: 4 }}>
      {icon && <span aria-hidden style={{ display: 'inline-flex' }}>{icon}</span>}
      {children}
    </span>
  );
}
