// An item's status history (an order, a shipment, a cancellation request) drawn by the timeline
// block. The timeline puts dates left of its axis and changes right of it, so it is kept narrow
// rather than spread over the page's width.
import Typography from 'antd/es/typography';
import { useTranslation } from '@portal/shared';
import { StatusTimeline } from '@portal/shared/ui/status-timeline';
import { statusChanges } from './status-history';

export interface ItemHistoryProps {
  item: object;
  /** A caption above it; the section's heading says it for the order itself. */
  caption?: boolean;
  /** Draw nothing at all when there is no history (a shipment's card), rather than «no changes». */
  hideEmpty?: boolean;
}

export function ItemHistory({ item, caption, hideEmpty }: ItemHistoryProps) {
  const { t } = useTranslation('orders');
  const changes = statusChanges(item);
  if (hideEmpty && !changes.length) return null;
  return (
    <div style={{ maxWidth: 640, marginTop: caption ? 16 : 0 }}>
      {caption && <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }}>{t('orders.history')}</Typography.Text>}
      <StatusTimeline history={changes} />
    </div>
  );
}
