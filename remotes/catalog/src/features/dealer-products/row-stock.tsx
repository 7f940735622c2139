// A catalogue row opened: the product's stock per warehouse, asked for only then. Its own chunk,
// with antd's Table, loaded when the first row opens rather than with the list (issue 31 item 4).
import type { DealerProduct } from '@portal/shared';
import { useWarehouseStock } from '../../components/use-warehouse-stock';
import { WarehouseStockTable } from '../../components/warehouse-stock-table';

export default function RowStock({ product }: { product: DealerProduct }) {
  return <WarehouseStockTable stock={useWarehouseStock(product.id)} />;
}
