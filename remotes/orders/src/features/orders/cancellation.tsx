// The order's cancellation requests (`/api/orderdelreq/?order=<id>`) with their decisions, and
// «Запросить отмену» for a dealer's confirmed order (the cancellation requests' form). (A new order
// needs no request: its dealer deletes it.)
import { useCallback, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { errorMessage, useTranslation, type Order, type OrderDeletionRequest } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { DateText } from '@portal/shared/ui/format';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { ItemHistory } from '../../components/item-history';
import { fetchOrderDeletionRequests } from '../deletion-requests/api';
import { CancellationForm } from '../deletion-requests/cancellation-form';
import { downloadDocument } from './api';

export interface CancellationProps {
  order: Order;
  isStaff: boolean;
}

export function Cancellation({ order, isStaff }: CancellationProps) {
  const { t } = useTranslation('orders');
  const say = useSay();
  const { t: ui } = useUiTranslation();
  const [requests, setRequests] = useState<OrderDeletionRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    fetchOrderDeletionRequests(order.id).then(
      (found) => { if (live) setRequests(found); },
      (err: unknown) => { if (live) setError(errorMessage(err)); },
    );
    return () => { live = false; };
    // A decision cancels the order: read them again whenever the order changed.
  }, [order.id, order.updated_at, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const download = async (request: OrderDeletionRequest) => {
    if (!request.document) return;
    setFailure(null);
    try {
      await downloadDocument(request.document);
    } catch (err) {
      setFailure(t('orders.downloadFailed', { name: request.document.name, message: err instanceof Error ? err.message : String(err) }));
    }
  };

  const pending = requests?.some((request) => request.status === 'pending') ?? true;
  const canAsk = !isStaff && order.status === 'confirmed' && !pending;
  if (!error && !requests?.length && !canAsk) return null;

  return (
    <section aria-labelledby="order-cancellation">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '24px 0 12px' }}>
        <Typography.Title level={4} id="order-cancellation" style={{ margin: 0 }}>{t('orders.cancellation.title')}</Typography.Title>
        {canAsk && !asking && (
          <Button danger icon={<StopOutlined aria-hidden />} onClick={() => setAsking(true)}>{t('orders.cancellation.request')}</Button>
        )}
      </Flex>
      {canAsk && asking && <CancellationForm order={order.id} onCancel={() => setAsking(false)} onSent={() => { setAsking(false); say(t('answers.cancellationAsked', { number: order.number })); reload(); }} />}
      {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(null)} style={{ marginBottom: 12 }} />}
      {error && (
        <Alert type="error" showIcon title={t('orders.cancellation.loadFailed', { message: error })}
          action={<Button size="small" onClick={reload}>{ui('show.retry')}</Button>} />
      )}
      <Flex vertical gap={12}>
        {requests?.map((request) => (
          <Card key={request.id} size="small" data-testid="cancellation-request"
            title={<Flex gap={8} align="center" wrap><StatusTag status={request.status} /><DateText value={request.created_at} time /></Flex>}
            extra={request.document && (
              <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => download(request)}
                aria-label={`${t('orders.download')}: ${request.document.name}`}>{t('orders.download')}</Button>
            )}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
              <Typography.Text type="secondary">{t('orders.cancellation.reason')}: </Typography.Text>{request.reason}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {t(`orders.cancellation.${request.status}`)}
              {request.decided_at && <> ({t('orders.cancellation.decidedAt')} <DateText value={request.decided_at} time />)</>}
            </Typography.Paragraph>
            <ItemHistory item={request} caption hideEmpty />
          </Card>
        ))}
      </Flex>
    </section>
  );
}
