// «Заказы»: a dealer's own orders, every order for staff (with a dealer filter): number, date,
// status, total and number of lines; filtered by status and by dates, searched by number, the whole
// view in the address; «Экспорт CSV» of every matching order.
import { Link, useLocation } from 'react-router-dom';
import { selectIsStaff, useAppSelector, useTranslation, type Order } from '@portal/shared';
import { DateText, Money } from '@portal/shared/ui/format';
import { ResourceList, type ListFilter, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { useUiTranslation } from '@portal/shared/ui/translations';
import { useChoices } from '@portal/shared/ui/use-choices';
import { ORDERS_PATH, ordersArea } from './orders-slice';

const ORDER_STATUSES = ['new', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;

export default function OrdersList() {
  const { t } = useTranslation('orders');
  // The blocks' words: the statuses are named as on every other screen.
  const { t: ui } = useUiTranslation();
  const location = useLocation();
  const isStaff = useAppSelector(selectIsStaff);
  const dealers = useChoices(isStaff ? '/api/dealers/' : undefined);

  const filters: ListFilter[] = [
    { name: 'status', label: t('orders.filters.status'), options: ORDER_STATUSES.map((status) => ({ value: status, label: ui(`status.${status}`) })) },
    ...(isStaff ? [{ name: 'dealer', label: t('orders.filters.dealer'), options: dealers.items.map((d) => ({ value: String(d.id), label: d.name })) }] : []),
  ];

  const columns: ResourceColumn<Order>[] = [
    {
      title: t('orders.columns.number'), dataIndex: 'number', sortable: true,
      render: (number: string, order) => <Link to={String(order.id)} state={backState(location)}>{number}</Link>,
    },
    { title: t('orders.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    { title: t('orders.columns.dealer'), dataIndex: 'dealer_name', hidden: !isStaff },
    { title: t('orders.columns.status'), dataIndex: 'status', sortable: true, render: (status: string) => <StatusTag status={status} /> },
    { title: t('orders.columns.total'), dataIndex: 'total', sortable: true, align: 'end', render: (total: string) => <Money value={total} /> },
    { title: t('orders.columns.lines'), dataIndex: 'items', align: 'end', render: (items: Order['items']) => items.length },
  ];

  return (
    <ResourceList
      area={ordersArea}
      title={t('orders.title')}
      columns={columns}
      filters={filters}
      period
      searchLabel={t('orders.search')}
      defaultOrdering="-created_at"
      exportPath={ORDERS_PATH}
      exportName="orders"
      emptyText={t('orders.empty')}
    />
  );
}
