import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { ProductForm } from './product-form';

export default function ProductCreate() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  return (
    <StaffOnly>
      <ShowFrame back=".." backLabel={t('products.back')} status="ready" title={t('products.newTitle')}>
        <ProductForm cancelTo=".." onSaved={(product) => navigate(`../products/${product.id}`, { replace: true })} />
      </ShowFrame>
    </StaffOnly>
  );
}
