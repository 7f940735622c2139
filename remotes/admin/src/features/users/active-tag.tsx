// A user's state as a tag: the success tone while active, the neutral one once deactivated.
import { useTranslation } from '@portal/shared';
import { StatusTag } from '@portal/shared/ui/status-tag';

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return <StatusTag status={active ? 'approved' : 'closed'} label={t(active ? 'users.active' : 'users.inactive')} />;
}
