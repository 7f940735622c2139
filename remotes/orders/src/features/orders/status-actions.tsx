// Staff move an order one step along its lifecycle (design §5): «Подтвердить» a new order,
// «Отгружен» a confirmed one, «Завершить» a shipped one, «Отменить заказ» before it ships. Each asks
// first, with an optional comment for the history, and waits for the server: a refusal (409, e.g.
// not enough stock to reserve) stays in the dialog in the server's words.
import { useState } from 'react';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation, type Order, type OrderStatus } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { changeOrderStatus } from './api';

type Step = 'confirm' | 'ship' | 'complete' | 'cancel';

const STEP_TO: Record<Step, OrderStatus> = { confirm: 'confirmed', ship: 'shipped', complete: 'completed', cancel: 'cancelled' };

/** The steps each status allows (the API's lifecycle), the forward one first. */
const NEXT_STEPS: Record<OrderStatus, Step[]> = {
  new: ['confirm', 'cancel'], confirmed: ['ship', 'cancel'], shipped: ['complete'], completed: [], cancelled: [],
};

function StatusStep({ order, step, onChanged }: { order: Order; step: Step; onChanged(): void }) {
  const { t } = useTranslation('orders');
  const [comment, setComment] = useState('');
  const id = `order-status-comment-${step}`;
  return (
    <ConfirmButton
      // Cancelling is not drawn as danger: antd's dark danger button (white on #dc6966, 3.35:1) fails WCAG AA.
      type={step === 'cancel' ? 'default' : 'primary'}
      title={t(`orders.status.${step}Title`, { number: order.number })}
      okText={t(`orders.status.${step}`)}
      content={(
        <>
          <Typography.Paragraph>{t(`orders.status.${step}Text`)}</Typography.Paragraph>
          <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>{t('orders.status.comment')}</label>
          <Input.TextArea id={id} value={comment} onChange={(event) => setComment(event.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
        </>
      )}
      onConfirm={async () => {
        await changeOrderStatus(order, STEP_TO[step], comment);
        setComment('');
        onChanged();
      }}
    >
      {t(`orders.status.${step}`)}
    </ConfirmButton>
  );
}

export function StatusActions({ order, onChanged }: { order: Order; onChanged(): void }) {
  return <>{NEXT_STEPS[order.status].map((step) => <StatusStep key={step} order={order} step={step} onChanged={onChanged} />)}</>;
}
