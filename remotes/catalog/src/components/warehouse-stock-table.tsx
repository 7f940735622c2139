// Stock per warehouse as a small table: what is available in each (quantity less what confirmed
// orders reserved, design §5); staff also see what is on hand and what is reserved. On a phone (below
// 768 px) staff see what is reserved and available: on hand, their sum, shows from 768 px.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Table from 'antd/es/table';
import type { ColumnType } from 'antd/es/table/interface';
import { useTranslation, type StoreItem } from '@portal/shared';
import { useIsNarrow } from '@portal/shared/ui/narrow';
import { PlainText } from '@portal/shared/ui/text';
import type { WarehouseStock as Stock } from './use-warehouse-stock';

export interface WarehouseStockProps {
  stock: Stock;
  /** Staff: on hand and reserved too. */
  detailed?: boolean;
}

export function WarehouseStockTable({ stock, detailed = false }: WarehouseStockProps) {
  const { t } = useTranslation('catalog');
  const narrow = useIsNarrow();
  if (stock.status === 'error') {
    return (
      <Alert type="error" showIcon title={stock.error ?? ''}
        action={<Button size="small" onClick={stock.reload}>{t('stock.retry')}</Button>} />
    );
  }
  const columns: ColumnType<StoreItem>[] = [
    { title: t('stock.warehouse'), dataIndex: 'warehouse' },
    ...(detailed ? [
      { title: t('stock.quantity'), dataIndex: 'quantity', align: 'end' as const, hidden: narrow },
      { title: t('stock.reserved'), dataIndex: 'reserved', align: 'end' as const },
    ] : []),
    { title: t('stock.available'), dataIndex: 'available', align: 'end' },
  ];
  const total = stock.items.reduce((sum, item) => sum + item.available, 0);
  return (
    <Table<StoreItem>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={stock.items}
      loading={stock.status === 'loading'}
      pagination={false}
      title={() => <PlainText strong>{t('stock.caption')}</PlainText>}
      locale={{ emptyText: stock.status === 'loading' ? ' ' : t('stock.empty') }}
      summary={() => (stock.items.length > 1 ? (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={detailed ? (narrow ? 2 : 3) : 1}>{t('stock.total')}</Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="end"><strong>{total}</strong></Table.Summary.Cell>
        </Table.Summary.Row>
      ) : null)}
      style={{ maxWidth: detailed ? 560 : 400 }}
    />
  );
}
