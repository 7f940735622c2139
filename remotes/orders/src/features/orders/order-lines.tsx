// The order's lines at the prices of the order (the server priced them when it was placed or last
// edited) with «Итого», the order's own total as the server computed it. For staff, a new order's
// lines say what is available now and what is short («не хватает 474»), before «Подтвердить».
// On a phone (below 768 px) a line keeps its product, quantity, stock and total, and «Итого» its
// amount, on screen: the article and the price show from 768 px.
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation, type Order, type OrderItem } from '@portal/shared';
import { Money } from '@portal/shared/ui/format';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { formatCount, shortBy, ShortNote } from '../../components/stock-short';

export function OrderLines({ order, showStock = false }: { order: Order; showStock?: boolean }) {
  const { t, language } = useTranslation('orders');
  const narrow = useIsNarrow();
  // Only a new order's lines carry what is available (a confirmed one's units are reserved).
  const stock = showStock && order.status === 'new' && order.items.some((line) => line.available !== null && line.available !== undefined);
  const stockColumn: ColumnsType<OrderItem> = stock ? [{
    title: t('orders.lines.available'), key: 'available', align: 'end',
    render: (_: unknown, line) => {
      const short = shortBy(line.quantity, line.available);
      return (
        <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: 2 }}>
          <span>{formatCount(line.available ?? 0, language)}</span>
          {short > 0 && <ShortNote text={t('orders.stock.lineShort', { count: formatCount(short, language) })} />}
        </span>
      );
    },
  }] : [];
  return (
    <Table<OrderItem>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={order.items}
      columns={[
        { title: t('orders.lines.sku'), dataIndex: 'sku', hidden: narrow },
        { title: t('orders.lines.name'), dataIndex: 'name', render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span> },
        { title: t('orders.lines.quantity'), dataIndex: 'quantity', align: 'end' },
        ...stockColumn,
        { title: t('orders.lines.price'), dataIndex: 'price', align: 'end', hidden: narrow, render: (price: string) => <Money value={price} /> },
        { title: t('orders.lines.amount'), dataIndex: 'amount', align: 'end', render: (amount: string) => <Money value={amount} /> },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={(stock ? 5 : 4) - (narrow ? 2 : 0)}><Typography.Text strong>{t('orders.lines.total')}</Typography.Text></Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong data-testid="order-total"><Money value={order.total} /></Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
