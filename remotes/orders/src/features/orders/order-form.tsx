// A dealer edits its order while it is `new` (design §4): the quantity of each line, removing a
// line, and the comment. The server prices the edited lines again at today's prices, so the amounts
// shown here are the order's until it is saved. The form block puts the API's messages on their
// fields and asks before leaving unsaved changes.
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Typography from 'antd/es/typography';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { useTranslation, type Order, type OrderItem } from '@portal/shared';
import { Money } from '@portal/shared/ui/format';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { lineBodies } from './api';
import { ordersArea } from './orders-slice';

interface Values {
  items: OrderItem[];
  comment: string;
}

export interface OrderFormProps {
  order: Order;
  onSaved(order: Order): void;
  onCancel(): void;
}

export function OrderForm({ order, onSaved, onCancel }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const binding = useResourceForm<Values, Order>({
    name: 'order',
    area: ordersArea,
    id: order.id,
    initialValues: { items: order.items, comment: order.comment },
    toBody: (values) => ({ items: lineBodies(values.items), comment: values.comment ?? '' }),
    saved: (saved) => t('answers.saved', { number: saved.number }),
    onSaved,
  });

  return (
    <ResourceForm binding={binding} submitText={t('orders.edit.save')} onCancel={onCancel}>
      <Form.List name="items" rules={[{ validator: async (_, items?: OrderItem[]) => { if (!items?.length) throw new Error(t('orders.lines.noLines')); } }]}>
        {(fields, { remove }, { errors }) => (
          <div role="group" aria-label={t('orders.lines.title')} style={{ marginBottom: 16 }}>
            {fields.map((field) => {
              const line = binding.form.getFieldValue(['items', field.name]) as OrderItem;
              return (
                <Flex key={field.key} gap={12} align="center" wrap data-testid="order-line"
                  style={{ padding: '8px 0', borderBottom: '1px solid rgba(128,128,128,0.2)' }}>
                  <Flex vertical style={{ flex: '1 1 240px', minWidth: 0 }}>
                    <Typography.Text strong>{line.name}</Typography.Text>
                    <Typography.Text type="secondary">{line.sku} · <Money value={line.price} /></Typography.Text>
                  </Flex>
                  {/* The product is not edited, but it is what the line is: kept among the form's values. */}
                  <Form.Item name={[field.name, 'product']} hidden><Input /></Form.Item>
                  <Form.Item name={[field.name, 'quantity']} noStyle rules={[{ required: true, message: t('orders.lines.quantityRequired') }]}>
                    <InputNumber min={1} max={1_000_000} precision={0} aria-label={t('orders.lines.quantityOf', { name: line.name })} style={{ width: 120 }} />
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
