// The order page (`/orders/:id`): its lines at the prices of the order with «Итого», the comment,
// the document, the status timeline, the shipments and the cancellation requests. A dealer edits or
// deletes its order while it is new, asks to cancel a confirmed one, and repeats any order into the
// cart; staff move it one status at a time from one action row (status-actions.tsx), «Отгрузить»
// opening the shipment form, and see each line's shortage of a new order before «Подтвердить».
// The history shows status changes and edits together. Every change waits for the server, then the
// page reads the order again. Another dealer's order is 404: «Заказ не найден».
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import { Col, Row } from 'antd/es/grid';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { selectIsStaff, useAppDispatch, useAppSelector, useTranslation } from '@portal/shared';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText } from '@portal/shared/ui/format';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useItem } from '@portal/shared/ui/use-item';
import { downloadDocument } from './api';
import { Cancellation } from './cancellation';
import { OrderForm } from './order-form';
import { OrderHistory } from './order-history';
import { OrderLines } from './order-lines';
import { ordersArea } from './orders-slice';
import { Shipments } from './shipments';
import { shortLines, StatusActions } from './status-actions';
import { useReorder } from './use-reorder';
import { NotFoundPanel } from '@portal/shared/ui/text';

export default function OrderShow() {
  const { t } = useTranslation('orders');
  const { id } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isStaff = useAppSelector(selectIsStaff);
  // Read again after a change, the order stays on screen (no skeleton flash) until the answer comes.
  const { item: order, status, error, reload } = useItem(ordersArea, id);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [shipping, setShipping] = useState(false);
  const reorder = useReorder(order);

  if (status === 'notFound') {
    return (
      <ShowFrame back=".." backLabel={t('orders.back')} status="ready" title={t('orders.notFound')}>
        <NotFoundPanel text={t('orders.notFoundText')} />
      </ShowFrame>
    );
  }

  const afterChange = () => reload();
  const download = async () => {
    if (!order?.document) return;
    setFailure(null);
    try {
      await downloadDocument(order.document);
    } catch (err) {
      setFailure(t('orders.downloadFailed', { name: order.document.name, message: err instanceof Error ? err.message : String(err) }));
    }
  };

  const dealerMayEdit = !isStaff && order?.status === 'new';
  const actions = order && !editing && (
    <>
      {isStaff && <StatusActions order={order} onChanged={afterChange} onShip={() => setShipping(true)} shipping={shipping} />}
      {dealerMayEdit && <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>{t('orders.edit.open')}</Button>}
      {dealerMayEdit && (
        <ConfirmButton danger title={t('orders.edit.deleteConfirm', { number: order.number })} content={t('orders.edit.deleteText')}
          okText={t('orders.edit.delete')}
          onConfirm={async () => { await dispatch(ordersArea.remove(order.id)).unwrap(); navigate('..'); }}>
          {t('orders.edit.delete')}
        </ConfirmButton>
      )}
      {!isStaff && reorder.button}
      {/* A claim is raised from the order line itself, once the goods were sent (the admin remote's «Претензии»). */}
      {!isStaff && (order.status === 'shipped' || order.status === 'completed') && (
        <Link to={`/admin/claims/new?order=${order.id}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'center' }}>
          <WarningOutlined aria-hidden />{t('orders.fileClaim')}
        </Link>
      )}
    </>
  );

  return (
    <ShowFrame
      back=".."
      backLabel={t('orders.back')}
      status={status}
      error={error}
      onRetry={reload}
      title={order && t('orders.heading', { number: order.number })}
      actions={actions}
      meta={order && (
        <>
          <StatusTag status={order.status} />
          <Typography.Text type="secondary">{t('orders.createdAt')} <DateText value={order.created_at} /></Typography.Text>
          {isStaff && <Typography.Text>{t('orders.dealer', { name: order.dealer_name })}</Typography.Text>}
        </>
      )}
    >
      {order && (
        <>
          {reorder.message && <div style={{ marginBottom: 16 }}>{reorder.message}</div>}
          {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(null)} style={{ marginBottom: 16 }} />}
          <Row gutter={[24, 24]}>
            <Col xs={24} xxl={16}>
              {editing ? (
                <Card size="small" title={t('orders.edit.title')}>
                  <OrderForm order={order} onCancel={() => setEditing(false)} onSaved={() => { setEditing(false); afterChange(); }} />
                </Card>
              ) : (
                <>
                  <Typography.Title level={4} style={{ marginTop: 0 }}>{t('orders.lines.title')}</Typography.Title>
                  {isStaff && shortLines(order).length > 0 && (
                    <Alert type="warning" showIcon data-testid="order-short" style={{ marginBottom: 12 }}
                      title={t('orders.stock.short', { count: shortLines(order).length })} description={t('orders.stock.shortText')} />
                  )}
                  <OrderLines order={order} showStock={isStaff} />
                  <Flex vertical gap={4} style={{ marginTop: 16 }}>
                    <Typography.Text type="secondary">{t('orders.comment')}</Typography.Text>
                    {order.comment
                      ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{order.comment}</Typography.Paragraph>
                      : <Typography.Text type="secondary">{t('orders.noComment')}</Typography.Text>}
                  </Flex>
                  {order.document && (
                    <Flex gap={8} align="center" wrap style={{ marginTop: 16 }}>
                      <Typography.Text type="secondary">{t('orders.document')}:</Typography.Text>
                      <Typography.Text>{order.document.name}</Typography.Text>
                      <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={download}
                        aria-label={`${t('orders.download')}: ${order.document.name}`}>{t('orders.download')}</Button>
                    </Flex>
                  )}
                </>
              )}
            </Col>
            <Col xs={24} xxl={8}>
              <section aria-labelledby="order-history">
                <Typography.Title level={4} id="order-history" style={{ marginTop: 0 }}>{t('orders.history')}</Typography.Title>
                <OrderHistory order={order} />
              </section>
            </Col>
          </Row>
          <Shipments order={order} isStaff={isStaff} onOrderChanged={reload} shipping={shipping} onShippingChange={setShipping} />
          <Cancellation order={order} isStaff={isStaff} />
        </>
      )}
    </ShowFrame>
  );
}
