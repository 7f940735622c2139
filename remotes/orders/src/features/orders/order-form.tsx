// A dealer edits its order while it is `new` (design §4): the quantity of each line, removing a
// line, and the comment. The server prices the edited lines again at today's prices, so the amounts
// shown here are the order's until it is saved. The form block puts the API's messages on their
// fields and asks before leaving unsaved changes. A quantity is the portal's quantity field: kept as
// typed, refused on the line when it is none («-5», «1,5», more than a line holds), never rounded.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { MAX_LINE_QUANTITY, toFormData, useTranslation, type Order, type OrderItem } from '@portal/shared';
import { Money } from '@portal/shared/ui/format';
import { quantityOf, useQuantityCheck } from '@portal/shared/ui/quantity';
import { QuantityField } from '@portal/shared/ui/quantity-field';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { lineBodies } from './api';
import { ordersArea } from './orders-slice';

/** A line as the form holds it: its quantity as typed. */
type FormLine = Omit<OrderItem, 'quantity'> & { quantity: string };

interface Values {
  items: FormLine[];
  comment: string;
}

const LINE_LIMITS = { min: 1, max: MAX_LINE_QUANTITY } as const;

export interface OrderFormProps {
  order: Order;
  onSaved(order: Order): void;
  onCancel(): void;
}

export function OrderForm({ order, onSaved, onCancel }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const quantity = useQuantityCheck(LINE_LIMITS);
  const binding = useResourceForm<Values, Order>({
    name: 'order',
    area: ordersArea,
    id: order.id,
    initialValues: { items: order.items.map((line) => ({ ...line, quantity: String(line.quantity) })), comment: order.comment },
    // PUT /api/orders/{id}/ is multipart form-data (spec §7): the lines as JSON in `items`.
    toBody: (values) => toFormData({ items: lineBodies(values.items.map((line) => ({ ...line, quantity: quantityOf(line.quantity) }))), comment: values.comment ?? '' }),
    saved: (saved) => t('answers.saved', { number: saved.number }),
    onSaved,
  });

  return (
    <ResourceForm binding={binding} submitText={t('orders.edit.save')} onCancel={onCancel}>
      <Form.List name="items" rules={[{ validator: async (_, items?: FormLine[]) => { if (!items?.length) throw new Error(t('orders.lines.noLines')); } }]}>
        {(fields, { remove }, { errors }) => (
          <div role="group" aria-label={t('orders.lines.title')} style={{ marginBottom: 16 }}>
            {fields.map((field) => {
              const line = binding.form.getFieldValue(['items', field.name]) as FormLine;
              return (
                <Flex key={field.key} gap={12} align="center" wrap data-testid="order-line"
                  style={{ padding: '8px 0', borderBottom: '1px solid rgba(128,128,128,0.2)' }}>
                  <Flex vertical style={{ flex: '1 1 240px', minWidth: 0 }}>
                    <Typography.Text strong>{line.name}</Typography.Text>
                    <Typography.Text type="secondary">{line.sku} · <Money value={line.price} /></Typography.Text>
                  </Flex>
                  {/* The product is not edited, but it is what the line is: kept among the form's values. */}
                  <Form.Item name={[field.name, 'product']} hidden><Input /></Form.Item>
                  {/* Its message under the field, on the line (an item of its own, not `noStyle`). */}
                  <Form.Item name={[field.name, 'quantity']} rules={[quantity.rule]} style={{ margin: 0 }}>
                    <QuantityField limits={LINE_LIMITS} aria-label={t('orders.lines.quantityOf', { name: line.name })} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined aria-hidden />} aria-label={t('orders.lines.removeLine', { name: line.name })} onClick={() => remove(field.name)}>
                    {t('orders.lines.remove')}
                  </Button>
                </Flex>
              );
            })}
            <Form.ErrorList errors={errors} />
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>{t('orders.lines.estimate')}</Typography.Paragraph>
          </div>
        )}
      </Form.List>
      <Form.Item name="comment" label={t('orders.comment')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
      </Form.Item>
    </ResourceForm>
  );
}
