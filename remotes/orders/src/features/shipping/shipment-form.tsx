// «Отгрузить» (staff): records a shipment of a confirmed or shipped order through the shipments'
// area (`POST /api/shipping/create/`) with «Перевозчик», «Трек-номер» and the waybill, sent as
// multipart with the upload's progress. The form block puts the API's field messages on their
// fields and keeps what was typed when a save fails. One column on a phone (below 768 px, antd's `md`).
import { useState } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import { Col, Row } from 'antd/es/grid';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import { toFormData, useTranslation, type Shipping } from '@portal/shared';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { FilePicker } from '../../components/file-picker';
import { shippingListArea, type NewShipment } from './shipping-slice';

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
  const [waybill, setWaybill] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const binding = useResourceForm<Values, Shipping>({
    name: 'shipment',
    initialValues: { carrier: '', tracking_number: '' },
    area: shippingListArea,
    toBody: (values) => {
      const fields: NewShipment = { order, carrier: values.carrier.trim(), tracking_number: (values.tracking_number ?? '').trim() };
      if (!waybill) return fields;
      setProgress(0);
      // An empty tracking number is left out of the multipart form, as no value.
      return { form: toFormData({ ...fields, tracking_number: fields.tracking_number || undefined, document: waybill }), onProgress: setProgress };
    },
    onSaved,
  });

  return (
    <Card size="small" title={t('orders.shipments.formTitle')} style={{ marginBottom: 16 }}>
      <ResourceForm binding={binding} submitText={t('orders.shipments.save')} onCancel={onCancel}>
        <Row gutter={[16, 0]}>
          <Col xs={24} md={12}>
            <Form.Item name="carrier" label={t('orders.shipments.carrier')}
              rules={[{ required: true, whitespace: true, message: t('orders.shipments.carrierRequired') }]}>
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tracking_number" label={t('orders.shipments.tracking')}>
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={<span id="shipment-waybill-label">{t('orders.shipments.waybill')}</span>}>
          <FilePicker file={waybill} onChange={setWaybill} onRefused={setRefused} chooseLabel={t('orders.shipments.waybillChoose')}
            describedBy="shipment-waybill-label" disabled={binding.saving} />
        </Form.Item>
        {refused && <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} />}
        {binding.saving && waybill && (
          <Progress percent={progress} size="small" aria-label={t('orders.shipments.sending')} style={{ marginBottom: 16 }} />
        )}
      </ResourceForm>
    </Card>
  );
}
