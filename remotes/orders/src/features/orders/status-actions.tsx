// One action row for staff (issue 18 item 7): the order's next status as a verb, one primary button
// per state — «Подтвердить» a new order, «Отгрузить» a confirmed one (a shipment is recorded there:
// carrier, tracking number, waybill), «Завершить» a shipped one — with «Отменить заказ» before it
// ships and «Ещё отгрузка» for another parcel of a shipped order beside it. A status step asks first,
// with an optional comment for the history, and waits for the server: a refusal (409, e.g. not
// enough stock to reserve) stays in the dialog in the server's words. «Подтвердить» names the lines
// that are short before it is pressed.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import CarOutlined from '@ant-design/icons/CarOutlined';
import { useTranslation, type Order, type OrderStatus } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { formatCount, shortBy } from '../../components/stock-short';
import { changeOrderStatus } from './api';

type Step = 'confirm' | 'complete' | 'cancel';

const STEP_TO: Record<Step, OrderStatus> = { confirm: 'confirmed', complete: 'completed', cancel: 'cancelled' };

/** The lines of a new order that ask for more than is available now. */
export function shortLines(order: Order): Order['items'] {
  return order.status === 'new' ? order.items.filter((line) => shortBy(line.quantity, line.available) > 0) : [];
}

function StatusStep({ order, step, onChanged }: { order: Order; step: Step; onChanged(): void }) {
  const { t, language } = useTranslation('orders');
  const say = useSay();
  const [comment, setComment] = useState('');
  const id = `order-status-comment-${step}`;
  const short = step === 'confirm' ? shortLines(order) : [];
  return (
    <ConfirmButton
      // Cancelling is not drawn as danger: antd's dark danger button (white on #dc6966, 3.35:1) fails WCAG AA.
      type={step === 'cancel' ? 'default' : 'primary'}
      title={t(`orders.status.${step}Title`, { number: order.number })}
      okText={t(`orders.status.${step}`)}
      content={(
        <>
          <Typography.Paragraph>{t(`orders.status.${step}Text`)}</Typography.Paragraph>
          {short.length > 0 && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('orders.stock.confirmShort')}
              description={(
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {short.map((line) => (
                    <li key={line.id}>{t('orders.stock.line', {
                      name: line.name, quantity: formatCount(line.quantity, language), available: formatCount(line.available ?? 0, language),
                      short: formatCount(shortBy(line.quantity, line.available), language),
                    })}</li>
                  ))}
                </ul>
              )} />
          )}
          <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>{t('orders.status.comment')}</label>
          <Input.TextArea id={id} value={comment} onChange={(event) => setComment(event.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
        </>
      )}
      onConfirm={async () => {
        await changeOrderStatus(order, STEP_TO[step], comment);
        setComment('');
        say(t(`answers.${step}`, { number: order.number }));
        onChanged();
      }}
    >
      {t(`orders.status.${step}`)}
    </ConfirmButton>
  );
}

export interface StatusActionsProps {
  order: Order;
  onChanged(): void;
  /** Opens the shipment form of «Отгрузить». */
  onShip(): void;
  /** The shipment form is open: «Отгрузить» is not offered twice. */
  shipping: boolean;
}

export function StatusActions({ order, onChanged, onShip, shipping }: StatusActionsProps) {
  const { t } = useTranslation('orders');
  const ship = (primary: boolean) => !shipping && (
    <Button type={primary ? 'primary' : 'default'} icon={<CarOutlined aria-hidden />} onClick={onShip}>
      {t(primary ? 'orders.status.ship' : 'orders.status.shipMore')}
    </Button>
  );
  switch (order.status) {
    case 'new':
      return <><StatusStep order={order} step="confirm" onChanged={onChanged} /><StatusStep order={order} step="cancel" onChanged={onChanged} /></>;
    case 'confirmed':
      return <>{ship(true)}<StatusStep order={order} step="cancel" onChanged={onChanged} /></>;
    case 'shipped':
      return <><StatusStep order={order} step="complete" onChanged={onChanged} />{ship(false)}</>;
    default:
      return null;
  }
}
