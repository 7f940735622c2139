// Staff move a claim one step along its lifecycle (design §5): «Взять в работу» a new claim,
// «Принять» or «Отклонить» one in review (with the resolution, which the API requires), «Закрыть» a
// decided one. Each asks first, with an optional comment for the history, and waits for the
// server: a refusal stays in the dialog in the server's words.
import { useState } from 'react';
import Input from 'antd/es/input';
import { useTranslation, type Claim, type ClaimStatus } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { PlainText } from '@portal/shared/ui/text';
import { changeClaimStatus } from './api';
import { NEXT_STATUSES, needsResolution } from './claim-words';

function StatusStep({ claim, to, onChanged }: { claim: Claim; to: ClaimStatus; onChanged(): void }) {
  const { t } = useTranslation('admin');
  const [resolution, setResolution] = useState(claim.resolution);
  const [comment, setComment] = useState('');
  const decision = needsResolution(to);
  return (
    <ConfirmButton
      // Rejecting is not drawn as danger: antd's dark danger button fails WCAG AA.
      type={to === 'rejected' ? 'default' : 'primary'}
      title={t(`claims.status.${to}Title`, { id: claim.id })}
      okText={t(`claims.status.${to}`)}
      content={(
        <>
          {decision && (
            <>
              <label htmlFor={`claim-resolution-${to}`} style={{ display: 'block', marginBottom: 4 }}>{t('claims.status.resolution')}</label>
              <Input.TextArea id={`claim-resolution-${to}`} data-autofocus value={resolution} onChange={(event) => setResolution(event.target.value)}
                autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} aria-required style={{ marginBottom: 12 }} />
            </>
          )}
          <label htmlFor={`claim-status-comment-${to}`} style={{ display: 'block', marginBottom: 4 }}>{t('claims.status.comment')}</label>
          <Input.TextArea id={`claim-status-comment-${to}`} value={comment} onChange={(event) => setComment(event.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          {!decision && claim.resolution && <PlainText>{claim.resolution}</PlainText>}
        </>
      )}
      onConfirm={async () => {
        // Said in the dialog as it is: the confirm block shows a rejection's text, never an Error's own (errorMessage).
        if (decision && !resolution.trim()) return Promise.reject(t('claims.status.resolutionRequired'));
        await changeClaimStatus(claim, to, decision ? resolution : '', comment);
        setComment('');
        onChanged();
      }}
    >
      {t(`claims.status.${to}`)}
    </ConfirmButton>
  );
}

export function StatusActions({ claim, onChanged }: { claim: Claim; onChanged(): void }) {
  return <>{NEXT_STATUSES[claim.status].map((to) => <StatusStep key={to} claim={claim} to={to} onChanged={onChanged} />)}</>;
}
