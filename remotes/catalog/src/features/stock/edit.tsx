import { useParams } from 'react-router-dom';
import { useTranslation, type StoreItem } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { useItem } from '@portal/shared/ui/use-item';
import { STORE_ITEMS_PATH } from '../../components/catalog-paths';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { StoreItemForm } from './store-item-form';
import './translations';

export default function StoreItemEdit() {
  const { t } = useTranslation('catalog');
  const { id } = useParams();
  const { item, status, error, reload } = useItem<StoreItem>(STORE_ITEMS_PATH, id);
  return (
    <StaffOnly>
      <ShowFrame back="../stock" backLabel={t('storeItems.back')} status={status} error={error} onRetry={reload}
        title={item && t('storeItems.editTitle', { name: item.product_name, warehouse: item.warehouse })}>
        {item && <StoreItemForm item={item} />}
      </ShowFrame>
    </StaffOnly>
  );
}
