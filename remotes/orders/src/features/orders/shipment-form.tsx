// «Отгрузить» (staff): records a shipment of a confirmed or shipped order (`POST
// /api/shipping/create/`) with «Перевозчик», «Трек-номер» and the waybill, sent as multipart with
// the upload's progress (postFile of the file-upload block). The API's field messages go on their
// fields; what was typed stays when a save fails.
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import antTheme from 'antd/es/theme';
import { errorMessage, fieldErrors, useTranslation, type Shipping } from '@portal/shared';
import { createShipment } from './api';
import { FilePicker } from './file-picker';

interface Values {
  carrier: string;
  tracking_number: string;
}

export interface ShipmentFormProps {
  order: number;
  onSaved(shipment: Shipping): void;
  onCancel(): void;
}

export function ShipmentForm({ order, onSaved, onCancel }: ShipmentFormProps) {
  const { t } = useTranslation('orders');
  const { token } = antTheme.useToken();
  const [form] = Form.useForm<Values>();
  const [waybill, setWaybill] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saving = progress !== null;

  const save = async (values: Values) => {
    setError(null);
    setProgress(0);
    try {
      const shipment = await createShipment({ order, carrier: values.carrier.trim(), tracking_number: (values.tracking_number ?? '').trim() }, waybill, setProgress);
      onSaved(shipment);
    } catch (err) {
      const fields = fieldErrors(err);
      const known = ['carrier', 'tracking_number'];
      form.setFields(Object.entries(fields).filter(([name]) => known.includes(name)).map(([name, message]) => ({ name: name as keyof Values, errors: [message] })));
      const elsewhere = Object.entries(fields).filter(([name]) => !known.includes(name)).map(([, message]) => message);
      setError([errorMessage(err), ...elsewhere].join(' '));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card size="small" title={t('orders.shipments.formTitle')} style={{ marginBottom: 16 }}>
      <Form<Values> form={form} name="shipment" layout="vertical" onFinish={save} initialValues={{ carrier: '', tracking_number: '' }}
        // As the form block draws it: the star stays out of the field's accessible name.
        requiredMark={(label, { required }) => <>{required && <span aria-hidden style={{ color: token.colorError, marginInlineEnd: 4 }}>*</span>}{label}</>}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Flex gap={16} wrap>
          <Form.Item name="carrier" label={t('orders.shipments.carrier')} style={{ flex: '1 1 220px' }}
            rules={[{ required: true, whitespace: true, message: t('orders.shipments.carrierRequired') }]}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="tracking_number" label={t('orders.shipments.tracking')} style={{ flex: '1 1 220px' }}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item label={<span id="shipment-waybill-label">{t('orders.shipments.waybill')}</span>}>
          <FilePicker file={waybill} onChange={setWaybill} onRefused={setRefused} chooseLabel={t('orders.shipments.waybillChoose')}
            describedBy="shipment-waybill-label" disabled={saving} />
        </Form.Item>
        {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
        {saving && waybill && (
          <Progress percent={progress} size="small" aria-label={t('orders.shipments.sending')} style={{ marginBottom: 16 }} />
        )}
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>{t('orders.shipments.save')}</Button>
          <Button onClick={onCancel} disabled={saving}>{t('orders.shipments.cancel')}</Button>
        </Flex>
      </Form>
    </Card>
  );
}
