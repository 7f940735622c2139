import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { GroupForm } from './group-form';

export default function GroupCreate() {
  const { t } = useTranslation('dealers');
  return (
    <StaffOnly>
      <ShowFrame back="../groups" backLabel={t('groups.back')} status="ready" title={t('groups.newTitle')}>
        <GroupForm />
      </ShowFrame>
    </StaffOnly>
  );
}
