// «Отгрузки»: every shipment the user may see (a dealer its own, design §4) with its order, carrier,
// tracking number to copy, status and waybill; filtered by status (staff also by dealer) and
// searched by order number, tracking number or carrier, the whole view in the address.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Alert from 'antd/es/alert';
import { PlainButton } from '@portal/shared/ui/plain-button';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { selectIsStaff, useAppSelector, useTranslation, type Shipping } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText } from '@portal/shared/ui/text';
import { useChoices } from '@portal/shared/ui/use-choices';
import { downloadWaybill } from './api';
import { SHIPPINGS_PATH, shippingListArea } from './shipping-slice';
import { TrackingNumber } from './tracking-number';

const STATUSES = ['preparing', 'in_transit', 'delivered'] as const;

export default function ShippingList() {
  const { t } = useTranslation('orders');
  const location = useLocation();
  const isStaff = useAppSelector(selectIsStaff);
  const dealers = useChoices(isStaff ? '/api/dealers/' : undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const dealerName = (id: number) => dealers.items.find((dealer) => dealer.id === id)?.name ?? t('shipping.unknownDealer', { id });

  const download = async (item: Shipping) => {
    if (!item.document) return;
    setFailure(null);
    try {
      await downloadWaybill(item.document);
    } catch (err) {
      setFailure(t('shipping.downloadFailed', { name: item.document.name, message: err instanceof Error ? err.message : String(err) }));
    }
  };

  const none = (text: string) => <MutedText>{text}</MutedText>;

  const columns: ResourceColumn<Shipping>[] = [
    {
      title: t('shipping.columns.order'), dataIndex: 'order_number', sortable: true,
      render: (number: string, item) => (
        <Link to={`../${item.order}`} state={backState(location)} aria-label={t('shipping.order', { number })} style={{ whiteSpace: 'nowrap' }}>{number}</Link>
      ),
    },
    // No dataIndex: the CSV would carry the dealer's id, not its name.
    { title: t('shipping.columns.dealer'), key: 'dealer', hidden: !isStaff, render: (_: unknown, item) => dealerName(item.dealer) },
    { title: t('shipping.columns.carrier'), dataIndex: 'carrier', render: (carrier: string) => carrier || none('—') },
    {
      title: t('shipping.columns.tracking'), dataIndex: 'tracking_number',
      render: (number: string) => (number ? <TrackingNumber number={number} /> : none(t('shipping.noTracking'))),
    },
    { title: t('shipping.columns.status'), dataIndex: 'status', sortable: true, render: (status: string) => <StatusTag status={status} /> },
    {
      title: t('shipping.columns.shippedAt'), dataIndex: 'shipped_at', sortable: true,
      render: (value: string | null) => (value ? <DateText value={value} /> : none(t('shipping.notShipped'))),
    },
    {
      // No dataIndex: the file itself is not a CSV column.
      title: t('shipping.columns.waybill'), key: 'waybill',
      render: (_: unknown, item) => (item.document
        ? (
          <PlainButton size="small" icon={<DownloadOutlined />} onClick={() => download(item)}
            aria-label={t('shipping.downloadLabel', { number: item.order_number })} title={item.document.name}>
            {t('shipping.download')}
          </PlainButton>
        )
        : none(t('shipping.noWaybill'))),
    },
  ];

  return (
    <ResourceList
      area={shippingListArea}
      title={t('shipping.title')}
      columns={columns}
      defaultOrdering="-created_at"
      exportPath={SHIPPINGS_PATH}
      exportName="shipments"
      emptyText={t('shipping.empty')}
      filters={[
        { name: 'status', label: t('shipping.filters.status'), options: STATUSES.map((status) => ({ value: status, label: t(`shipping.statuses.${status}`) })) },
        ...(isStaff ? [{ name: 'dealer', label: t('shipping.filters.dealer'), options: dealers.items.map((dealer) => ({ value: String(dealer.id), label: dealer.name })) }] : []),
      ]}
    >
      {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(null)} style={{ marginBottom: 16 }} />}
    </ResourceList>
  );
}
