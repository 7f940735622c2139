import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { StoreItemForm } from './store-item-form';

export default function StoreItemCreate() {
  const { t } = useTranslation('catalog');
  return (
    <StaffOnly>
      <ShowFrame back="../stock" backLabel={t('storeItems.back')} status="ready" title={t('storeItems.newTitle')}>
        <StoreItemForm />
      </ShowFrame>
    </StaffOnly>
  );
}
