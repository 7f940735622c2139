// The newsletter's audience in words: «Все дилеры» or the group's name, from the dealer groups.
import { useTranslation } from '@portal/shared';
import { useChoices } from '@portal/shared/ui/use-choices';

export function useAudience() {
  const { t } = useTranslation('comms');
  const groups = useChoices('/api/dealergroups/');
  const nameOf = (audience: number | null) => {
    if (audience === null) return t('newsletters.allDealers');
    const group = groups.items.find((g) => g.id === audience);
    return group ? t('newsletters.group', { name: group.name }) : t('newsletters.unknownGroup', { id: audience });
  };
  return { groups, nameOf };
}
