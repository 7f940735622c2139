// A status as a coloured tag with its name in the user's language (design §3, §5): one colour and
// one word per status of every lifecycle, so «Отгружен» looks the same on every screen. Colours come
// from the theme's tokens (the darker "text active" shade on the pale background), so they read in
// light and dark alike.
import Tag from 'antd/es/tag';
import antTheme from 'antd/es/theme';
import { useTranslation } from '@portal/shared';
import { UI_NAMESPACE } from './translations';

export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/** The tone of each status of design §5 (orders, deletion requests, shipping, claims, registrations) and of a newsletter. */
export const STATUS_TONES: Record<string, StatusTone> = {
  new: 'info', confirmed: 'info', shipped: 'info', completed: 'success', cancelled: 'neutral',
  pending: 'warning', approved: 'success', rejected: 'error',
  preparing: 'warning', in_transit: 'info', delivered: 'success',
  in_review: 'warning', accepted: 'success', closed: 'neutral',
  published: 'success', draft: 'warning',
};

type Token = ReturnType<typeof antTheme.useToken>['token'];

export function toneColours(tone: StatusTone, token: Token) {
  switch (tone) {
    case 'success': return { color: token.colorSuccessTextActive, background: token.colorSuccessBg, borderColor: token.colorSuccessBorder };
    case 'warning': return { color: token.colorWarningTextActive, background: token.colorWarningBg, borderColor: token.colorWarningBorder };
    case 'error': return { color: token.colorErrorTextActive, background: token.colorErrorBg, borderColor: token.colorErrorBorder };
    case 'info': return { color: token.colorInfoTextActive, background: token.colorInfoBg, borderColor: token.colorInfoBorder };
    default: return { color: token.colorText, background: token.colorFillQuaternary, borderColor: token.colorBorder };
  }
}

export interface StatusTagProps {
  status: string;
  /** The word when the status is not one of the lifecycles' (the status itself otherwise). */
  label?: string;
}

export function StatusTag({ status, label }: StatusTagProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { token } = antTheme.useToken();
  const tone = STATUS_TONES[status] ?? 'neutral';
  return (
    <Tag data-status={status} style={{ ...toneColours(tone, token), marginInlineEnd: 0 }}>
      {label ?? t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
