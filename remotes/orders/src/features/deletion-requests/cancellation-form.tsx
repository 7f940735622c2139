// «Запросить отмену» (a dealer, its confirmed order): «Причина» (required) and an optional document,
// saved through the cancellation requests' area, as multipart when there is a document. The form
// block keeps what was typed when the server refuses, and asks before leaving it unsent.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { toFormData, useTranslation, type OrderDeletionRequest } from '@portal/shared';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { FilePicker } from '../../components/file-picker';
import { deletionRequestListArea } from './deletion-requests-slice';

export interface CancellationFormProps {
  order: number;
  onSent(request: OrderDeletionRequest): void;
  onCancel(): void;
}

export function CancellationForm({ order, onSent, onCancel }: CancellationFormProps) {
  const { t } = useTranslation('orders');
  const [document, setDocument] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const binding = useResourceForm<{ reason: string }, OrderDeletionRequest>({
    name: 'cancellation',
    area: deletionRequestListArea,
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
