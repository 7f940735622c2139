// The order's lines at the prices of the order (the server priced them when it was placed or last
// edited) with «Итого», the order's own total as the server computed it.
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation, type Order, type OrderItem } from '@portal/shared';
import { Money } from '@portal/shared/ui/format';

export function OrderLines({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <Table<OrderItem>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={order.items}
      columns={[
        { title: t('orders.lines.sku'), dataIndex: 'sku' },
        { title: t('orders.lines.name'), dataIndex: 'name' },
        { title: t('orders.lines.quantity'), dataIndex: 'quantity', align: 'end' },
        { title: t('orders.lines.price'), dataIndex: 'price', align: 'end', render: (price: string) => <Money value={price} /> },
        { title: t('orders.lines.amount'), dataIndex: 'amount', align: 'end', render: (amount: string) => <Money value={amount} /> },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4}><Typography.Text strong>{t('orders.lines.total')}</Typography.Text></Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong data-testid="order-total"><Money value={order.total} /></Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
