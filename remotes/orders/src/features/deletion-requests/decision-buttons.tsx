// Staff decide a pending cancellation request: «Одобрить» (the order is cancelled, so the confirm
// says so) or «Отклонить» with a comment the dealer reads. Rejecting destroys nothing (the order
// goes on), so it is not drawn as a dangerous action. Each waits for the server: the dialog
// spins, a refusal (an order shipped meanwhile, say) shows the server's message and stays open.
import { useId, useRef, useState } from 'react';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { token } from '@portal/shared/ui/tokens';
import { useTranslation, type OrderDeletionRequest } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { decideDeletionRequest, type Decision } from './api';

export interface DecisionButtonsProps {
  request: OrderDeletionRequest;
  /** Called with the request as the server answered it. */
  onDecided(request: OrderDeletionRequest, decision: Decision): void;
}

export function DecisionButtons({ request, onDecided }: DecisionButtonsProps) {
  const { t } = useTranslation('orders');
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<TextAreaRef>(null);
  const id = useId();
  const number = request.order_number;

  const approve = async () => {
    onDecided(await decideDeletionRequest(request, 'approved'), 'approved');
  };

  const reject = async () => {
    if (!comment.trim()) {
      setMissing(true);
      field.current?.focus();
      // Shown by the dialog as its message, like a refusal of the server's.
      throw t('deletionRequests.commentRequired');
    }
    const decided = await decideDeletionRequest(request, 'rejected', comment);
    setComment('');
    onDecided(decided, 'rejected');
  };

  return (
    <span style={{ display: 'flex', gap: 4 }}>
      <ConfirmButton size="small" type="primary" aria-label={t('deletionRequests.approveLabel', { number })}
        title={t('deletionRequests.approveConfirm', { number })} content={t('deletionRequests.approveText', { number })}
        okText={t('deletionRequests.approve')} onConfirm={approve}>
        {t('deletionRequests.approve')}
      </ConfirmButton>
      <ConfirmButton size="small" aria-label={t('deletionRequests.rejectLabel', { number })}
        title={t('deletionRequests.rejectConfirm', { number })} okText={t('deletionRequests.reject')} onConfirm={reject}
        content={(
          <Flex vertical gap={8}>
            <span>{t('deletionRequests.rejectText')}</span>
            <label htmlFor={id} style={{ color: token.colorText }}>
              {t('deletionRequests.comment')}
              <span aria-hidden style={{ color: token.colorErrorText, marginInlineStart: 4 }}>*</span>
            </label>
            <Input.TextArea id={id} ref={field} data-autofocus required aria-required status={missing ? 'error' : undefined} aria-invalid={missing}
              rows={3} maxLength={2000} value={comment}
              onChange={(event) => { setComment(event.target.value); if (event.target.value.trim()) setMissing(false); }} />
          </Flex>
        )}>
        {t('deletionRequests.reject')}
      </ConfirmButton>
    </span>
  );
}
