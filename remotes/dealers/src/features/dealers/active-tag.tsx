// A dealer's (or a user's) state as a tag: the success tone while active, the neutral one once
// deactivated, in the words of the dealers' screens.
import { useTranslation } from '@portal/shared';
import { StatusTag } from '@portal/shared/ui/status-tag';

export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('dealers');
  return <StatusTag status={active ? 'approved' : 'closed'} label={t(active ? 'dealers.active' : 'dealers.inactive')} />;
}
