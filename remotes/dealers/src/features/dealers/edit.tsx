import { useParams } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { useItem } from '@portal/shared/ui/use-item';
import { ActiveTag } from './active-tag';
import { DealerForm } from './dealer-form';
import { dealersArea } from './dealers-slice';

export default function DealerEdit() {
  const { t } = useTranslation('dealers');
  const { id } = useParams();
  const { item, status, error, reload } = useItem(dealersArea, id);
  return (
    <StaffOnly>
      <ShowFrame back={`../${id ?? ''}`} backLabel={t('dealers.backToDealer')} status={status} error={error} onRetry={reload}
        title={item && t('dealers.editTitle', { name: item.name })}
        meta={item && <ActiveTag active={item.is_active} />}>
        {item && <DealerForm dealer={item} />}
      </ShowFrame>
    </StaffOnly>
  );
}
