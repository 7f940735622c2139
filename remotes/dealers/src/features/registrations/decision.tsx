// «Одобрить» and «Отклонить» a new registration request, each asking first (design §3, §5).
// Approving asks which dealer group the new dealer joins; rejecting asks the reason the applicant
// will be mailed. Both are required here, before the server is asked; the server's refusal (409:
// decided a moment ago by someone else, or the email already has an account) stays in the dialog.
import { useId, useState } from 'react';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation, type RegistrationRequest } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { formatPercent } from '@portal/shared/ui/format';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { MutedText } from '@portal/shared/ui/text';
import { useChoices } from '@portal/shared/ui/use-choices';
import { approveRequest, rejectRequest } from './api';

interface DecisionProps {
  request: RegistrationRequest;
  onDecided(): void;
}

export function ApproveButton({ request, onDecided }: DecisionProps) {
  const { t, i18n } = useTranslation('dealers');
  const say = useSay();
  const groups = useChoices('/api/dealergroups/');
  const [group, setGroup] = useState<number | null>(null);
  const id = useId();

  return (
    <ConfirmButton
      type="primary"
      title={t('registrations.approve.title', { company: request.company_name })}
      okText={t('registrations.approve.button')}
      content={(
        <>
          <p>{t('registrations.approve.text', { email: request.email })}</p>
          <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>{t('registrations.approve.group')}</label>
          <Select<number>
            id={id} data-autofocus style={{ width: '100%' }} loading={groups.loading}
            placeholder={<MutedText>{t('registrations.approve.groupPlaceholder')}</MutedText>}
            value={group ?? undefined} onChange={setGroup}
            options={groups.items.map((g) => ({ value: g.id, label: `${g.name} (${formatPercent(g.discount_percent, i18n.language)})` }))}
          />
        </>
      )}
      onConfirm={async () => {
        // A string is what the dialog shows as the refusal (errorMessage).
        if (group === null) return Promise.reject(t('registrations.approve.groupRequired'));
        await approveRequest(request, group);
        say(t('answers.approved', { company: request.company_name, email: request.email }));
        onDecided();
      }}
    >
      {t('registrations.approve.button')}
    </ConfirmButton>
  );
}

export function RejectButton({ request, onDecided }: DecisionProps) {
  const { t } = useTranslation('dealers');
  const say = useSay();
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    // Not drawn as danger: antd's dark danger button (white on #dc6966, 3.35:1) fails WCAG AA.
    <ConfirmButton
      title={t('registrations.reject.title', { company: request.company_name })}
      okText={t('registrations.reject.button')}
      content={(
        <>
          <p>{t('registrations.reject.text', { email: request.email })}</p>
          <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>{t('registrations.reject.reason')}</label>
          <Input.TextArea id={id} data-autofocus value={reason} onChange={(event) => setReason(event.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} aria-required />
        </>
      )}
      onConfirm={async () => {
        if (!reason.trim()) return Promise.reject(t('registrations.reject.reasonRequired'));
        await rejectRequest(request, reason.trim());
        setReason('');
        say(t('answers.rejected', { company: request.company_name, email: request.email }));
        onDecided();
      }}
    >
      {t('registrations.reject.button')}
    </ConfirmButton>
  );
}
