// The newsletter's audience in words: «Все дилеры» or the group's name, from the dealer groups.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector, useTranslation } from '@portal/shared';
import { ALL_GROUPS, dealerGroupsArea } from './dealer-groups-slice';

export function useAudience() {
  const { t } = useTranslation('comms');
  const dispatch = useAppDispatch();
  const groups = useAppSelector(dealerGroupsArea.selectArea);
  useEffect(() => {
    if (!groups.loaded && !groups.loading) void dispatch(dealerGroupsArea.fetchList(ALL_GROUPS));
    // Once per screen: the groups change rarely.
  }, [dispatch]);
  const nameOf = (audience: number | null) => {
    if (audience === null) return t('newsletters.allDealers');
    const group = groups.items.find((g) => g.id === audience);
    return group ? t('newsletters.group', { name: group.name }) : t('newsletters.unknownGroup', { id: audience });
  };
  return { groups, nameOf };
}
