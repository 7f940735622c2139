// A store item (staff): its product and warehouse, and its stock movements (receipts, write-offs,
// corrections with a reason, shipments), which alone change its total.
import { useParams } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { useItem } from '@portal/shared/ui/use-item';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { isStaffStoreItem, StockMovements } from './movements';
import { StoreItemForm } from './store-item-form';
import { storeItemsArea } from './store-items-slice';

export default function StoreItemEdit() {
  const { t } = useTranslation('catalog');
  const { id } = useParams();
  const { item, status, error, reload } = useItem(storeItemsArea, id);
  return (
    <StaffOnly>
      <ShowFrame back="../stock" backLabel={t('storeItems.back')} status={status} error={error} onRetry={reload}
        title={item && t('storeItems.editTitle', { name: item.product_name, warehouse: item.warehouse })}>
        {item && <StoreItemForm item={item} />}
        {item && isStaffStoreItem(item) && <StockMovements item={item} onChanged={reload} />}
      </ShowFrame>
    </StaffOnly>
  );
}
