import { useParams } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { StaffOnly } from '@portal/shared/ui/staff-only';
import { useItem } from '@portal/shared/ui/use-item';
import { GroupForm } from './group-form';
import { groupsArea } from './groups-slice';

export default function GroupEdit() {
  const { t } = useTranslation('dealers');
  const { id } = useParams();
  const { item, status, error, reload } = useItem(groupsArea, id);
  return (
    <StaffOnly>
      <ShowFrame back="../groups" backLabel={t('groups.back')} status={status} error={error} onRetry={reload}
        title={item && t('groups.editTitle', { name: item.name })}>
        {item && <GroupForm group={item} />}
      </ShowFrame>
    </StaffOnly>
  );
}
