// The order's shipments (`/api/shippings/?order=<id>`): carrier, tracking number with a copy
// button, the waybill to download, the status and its history. Staff's «Отгрузить» (the order's
// action row, status-actions.tsx) opens the shipment form here, scrolled into view with the focus
// on «Перевозчик»: the shipment is recorded and sent at once (in transit), which ships the order.
// A parcel is then marked delivered («Отметить доставку»), a plain button: the row above holds the
// page's one primary action.
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { errorMessage, useTranslation, type Order, type Shipping, type ShippingStatus } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText } from '@portal/shared/ui/format';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { ItemHistory } from '../../components/item-history';
import { changeShipmentStatus, fetchOrderShipments } from '../shipping/api';
import { ShipmentForm } from '../shipping/shipment-form';
import { downloadDocument } from './api';

/** The next status of a shipment and the word of its button. */
const NEXT: Partial<Record<ShippingStatus, { to: ShippingStatus; step: 'inTransit' | 'delivered' }>> = {
  preparing: { to: 'in_transit', step: 'inTransit' },
  in_transit: { to: 'delivered', step: 'delivered' },
};

/** Orders that may get a shipment: confirmed ones, and shipped ones (another parcel). */
const SHIPPABLE: Order['status'][] = ['confirmed', 'shipped'];

function ShipmentStep({ shipment, onChanged }: { shipment: Shipping; onChanged(): void }) {
  const { t } = useTranslation('orders');
  const [comment, setComment] = useState('');
  const next = NEXT[shipment.status];
  if (!next) return null;
  const id = `shipment-comment-${shipment.id}`;
  return (
    <ConfirmButton size="small" title={t(`orders.shipments.${next.step}Title`)} okText={t(`orders.shipments.${next.step}`)}
      content={(
        <>
          <Typography.Paragraph>{t(`orders.shipments.${next.step}Text`)}</Typography.Paragraph>
          <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>{t('orders.status.comment')}</label>
          <Input.TextArea id={id} value={comment} onChange={(event) => setComment(event.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
        </>
      )}
      onConfirm={async () => { await changeShipmentStatus(shipment, next.to, comment); setComment(''); onChanged(); }}>
      {t(`orders.shipments.${next.step}`)}
    </ConfirmButton>
  );
}

export interface ShipmentsProps {
  order: Order;
  isStaff: boolean;
  /** A shipment moved or was recorded: the order's status may have moved with it. */
  onOrderChanged(): void;
  /** «Отгрузить» was pressed: the shipment form is open. */
  shipping: boolean;
  onShippingChange(open: boolean): void;
}

export function Shipments({ order, isStaff, onOrderChanged, shipping, onShippingChange }: ShipmentsProps) {
  const { t } = useTranslation('orders');
  const say = useSay();
  const { t: ui } = useUiTranslation();
  const [shipments, setShipments] = useState<Shipping[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    fetchOrderShipments(order.id).then(
      (found) => { if (live) setShipments(found); },
      (err: unknown) => { if (live) setError(errorMessage(err)); },
    );
    return () => { live = false; };
    // The order's status moves with its shipments: read them again whenever the order changed.
  }, [order.id, order.updated_at, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const changed = () => { reload(); onOrderChanged(); };

  const download = async (shipment: Shipping) => {
    if (!shipment.document) return;
    setFailure(null);
    try {
      await downloadDocument(shipment.document);
    } catch (err) {
      setFailure(t('orders.downloadFailed', { name: shipment.document.name, message: err instanceof Error ? err.message : String(err) }));
    }
  };

  const canShip = isStaff && SHIPPABLE.includes(order.status);

  // The opened form scrolls into view and takes the focus (its first field, «Перевозчик»).
  useEffect(() => {
    if (!shipping || !formRef.current) return;
    formRef.current.scrollIntoView?.({ block: 'nearest' });
    formRef.current.querySelector<HTMLInputElement>('input')?.focus();
  }, [shipping]);

  /** Recorded: sent at once (in transit), which ships a confirmed order and takes its units out. */
  const recorded = async (created: Shipping) => {
    onShippingChange(false);
    setFailure(null);
    try {
      await changeShipmentStatus(created, 'in_transit');
      say(t('answers.shipped', { number: order.number, carrier: created.carrier }));
    } catch (err) {
      say(t('answers.recorded', { number: order.number }), { tone: 'warning' });
      setFailure(t('orders.shipments.sendFailed', { message: errorMessage(err) }));
    }
    changed();
  };

  return (
    <section aria-labelledby="order-shipments">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '24px 0 12px' }}>
        <Typography.Title level={4} id="order-shipments" style={{ margin: 0 }}>{t('orders.shipments.title')}</Typography.Title>
      </Flex>
      {canShip && shipping && (
        <div ref={formRef}>
          <ShipmentForm order={order.id} onCancel={() => onShippingChange(false)} onSaved={recorded} />
        </div>
      )}
      {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(null)} style={{ marginBottom: 12 }} />}
      {error && (
        <Alert type="error" showIcon title={t('orders.shipments.loadFailed', { message: error })}
          action={<Button size="small" onClick={reload}>{ui('show.retry')}</Button>} />
      )}
      {!error && shipments === null && <Skeleton active paragraph={{ rows: 2 }} />}
      {!error && shipments?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.shipments.empty')} />}
      <Flex vertical gap={12}>
        {shipments?.map((shipment, index) => (
          <Card key={shipment.id} size="small" data-testid="shipment"
            title={<Flex gap={8} align="center" wrap>{t('orders.shipments.number', { index: index + 1 })}<StatusTag status={shipment.status} /></Flex>}
            extra={isStaff && <ShipmentStep shipment={shipment} onChanged={changed} />}>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
              { key: 'carrier', label: t('orders.shipments.carrier'), children: shipment.carrier || '—' },
              {
                key: 'tracking', label: t('orders.shipments.tracking'),
                children: shipment.tracking_number
                  ? <Typography.Text copyable={{ text: shipment.tracking_number, tooltips: [t('orders.shipments.copy'), t('orders.shipments.copied')] }}
                    data-testid="tracking-number">{shipment.tracking_number}</Typography.Text>
                  : <Typography.Text type="secondary">{t('orders.shipments.noTracking')}</Typography.Text>,
              },
              { key: 'shipped', label: t('orders.shipments.shippedAt'), children: shipment.shipped_at ? <DateText value={shipment.shipped_at} time /> : '—' },
              {
                key: 'waybill', label: t('orders.shipments.waybill'),
                children: shipment.document
                  ? <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => download(shipment)}
                    aria-label={`${t('orders.download')}: ${shipment.document.name}`}>{t('orders.download')}</Button>
                  : <Typography.Text type="secondary">{t('orders.shipments.noWaybill')}</Typography.Text>,
              },
            ]} />
            <ItemHistory item={shipment} caption hideEmpty />
          </Card>
        ))}
      </Flex>
    </section>
  );
}
