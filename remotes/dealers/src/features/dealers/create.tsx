import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { DealerForm } from './dealer-form';

export default function DealerCreate() {
  const { t } = useTranslation('dealers');
  return (
    <StaffOnly>
      <ShowFrame back=".." backLabel={t('dealers.back')} status="ready" title={t('dealers.newTitle')}>
        <DealerForm />
      </ShowFrame>
    </StaffOnly>
  );
}
