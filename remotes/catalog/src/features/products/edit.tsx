import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { useItem } from '@portal/shared/ui/use-item';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { ActiveTag } from './active-tag';
import { ProductForm } from './product-form';
import { productsArea } from './products-slice';

export default function ProductEdit() {
  const { t } = useTranslation('catalog');
  const { id } = useParams();
  const navigate = useNavigate();
  const { item, status, error, reload } = useItem(productsArea, id);
  return (
    <StaffOnly>
      <ShowFrame back={`../products/${id}`} backLabel={t('products.back')} status={status} error={error} onRetry={reload}
        title={item && t('products.editTitle', { name: item.name })}
        meta={item && <ActiveTag active={item.is_active} />}>
        {item && <ProductForm item={item} cancelTo={`../products/${item.id}`} onSaved={(product) => navigate(`../products/${product.id}`, { replace: true })} />}
      </ShowFrame>
    </StaffOnly>
  );
}
