// The order's cancellation requests (`/api/orderdelreq/?order=<id>`) with their decisions, and
// «Запросить отмену» for a dealer's confirmed order: «Причина» (required) and an optional document,
// sent as multipart when there is one. The form block keeps what was typed when the server refuses,
// and asks before leaving it unsent. (A new order needs no request: its dealer deletes it.)
import { useCallback, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { errorMessage, toFormData, useTranslation, type Order, type OrderDeletionRequest } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { DELETION_REQUESTS_PATH, downloadDocument, fetchDeletionRequests } from './api';
import { FilePicker } from './file-picker';
import { ItemHistory } from './item-history';

function RequestForm({ order, onSent, onCancel }: { order: number; onSent(): void; onCancel(): void }) {
  const { t } = useTranslation('orders');
  const [document, setDocument] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const binding = useResourceForm<{ reason: string }, OrderDeletionRequest>({
    name: 'cancellation',
    path: DELETION_REQUESTS_PATH,
    initialValues: { reason: '' },
    toBody: ({ reason }) => (document ? toFormData({ order, reason: reason.trim(), document }) : { order, reason: reason.trim() }),
    onSaved: onSent,
  });
  return (
    <Card size="small" title={t('orders.cancellation.request')} style={{ marginBottom: 12 }}>
      <ResourceForm binding={binding} submitText={t('orders.cancellation.send')} onCancel={onCancel}>
        <Form.Item name="reason" label={t('orders.cancellation.reason')} rules={[{ required: true, whitespace: true, message: t('orders.cancellation.reasonRequired') }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} />
        </Form.Item>
        <Form.Item label={<span id="cancellation-document-label">{t('orders.cancellation.document')}</span>}>
          <FilePicker file={document} onChange={setDocument} onRefused={setRefused} chooseLabel={t('orders.cancellation.choose')}
            describedBy="cancellation-document-label" disabled={binding.saving} />
        </Form.Item>
        {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
      </ResourceForm>
    </Card>
  );
}

export interface CancellationProps {
  order: Order;
  isStaff: boolean;
}

export function Cancellation({ order, isStaff }: CancellationProps) {
  const { t } = useTranslation('orders');
  const { t: ui } = useUiTranslation();
  const [requests, setRequests] = useState<OrderDeletionRequest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    fetchDeletionRequests(order.id).then(
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
      {canAsk && asking && <RequestForm order={order.id} onCancel={() => setAsking(false)} onSent={() => { setAsking(false); reload(); }} />}
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
