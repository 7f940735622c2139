// The answer after an action (issue 18 item 2): one live region for the whole cabinet, drawn before
// any answer so that screen readers announce what arrives in it, and kept across a move to another
// page (a save that opens the saved item's page). An answer stays 8 s, or until closed or replaced;
// an error stays until closed. Plain markup in antd's look: no antd message or notification code in
// every cabinet's first load (design §8).
import { useEffect } from 'react';
import { token } from '@portal/shared/ui/tokens';
import { answerDismissed, selectAnswer, useAppDispatch, useAppSelector, useTranslation, type AnswerTone } from '@portal/shared';

/** How long an answer other than an error stays on screen. */
export const ANSWER_SHOWN_MS = 8000;

export function AnswerRegion() {
  const { t } = useTranslation('host');
  const answer = useAppSelector(selectAnswer);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!answer || answer.tone === 'error') return undefined;
    const timer = setTimeout(() => dispatch(answerDismissed(answer.id)), ANSWER_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [answer, dispatch]);
  const colours: Record<AnswerTone, string> = { success: token.colorSuccess, info: token.colorInfo, warning: token.colorWarning, error: token.colorError };
  return (
    // Two regions: a polite one for what went well, an assertive one for an error.
    <div style={{ position: 'fixed', top: 64, left: 0, right: 0, display: 'flex', justifyContent: 'center', pointerEvents: 'none', zIndex: 1010, padding: '0 12px' }}>
      {(['polite', 'assertive'] as const).map((live) => {
        const mine = answer && (answer.tone === 'error') === (live === 'assertive') ? answer : null;
        return (
          <div key={live} role={live === 'polite' ? 'status' : 'alert'} aria-live={live} data-testid={live === 'polite' ? 'answer' : 'answer-error'}>
            {mine && (
              <div key={mine.id} style={{ display: 'flex', alignItems: 'center', gap: 8, maxWidth: 560, padding: '9px 12px', pointerEvents: 'auto',
                background: token.colorBgElevated, color: token.colorText, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadow }}>
                {/* The tone as a dot, as a status tag draws it (no icon code in every cabinet's first load). */}
                <span aria-hidden style={{ flex: 'none', width: 8, height: 8, borderRadius: '50%', background: colours[mine.tone] }} />
                <span>{mine.text}</span>
                <button type="button" onClick={() => dispatch(answerDismissed(mine.id))} aria-label={t('layout.closeAnswer')}
                  style={{ flex: 'none', border: 0, background: 'none', padding: 4, cursor: 'pointer', color: token.colorTextDescription, lineHeight: 1 }}>
                  <span aria-hidden style={{ fontSize: 16 }}>×</span>
                </button>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
