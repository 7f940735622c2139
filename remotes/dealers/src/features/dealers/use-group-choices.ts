// The dealer groups, read once for the list's filter and the form's choice.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@portal/shared';
import { ALL_GROUPS, dealerGroupChoicesArea } from './dealers-slice';

export function useGroupChoices() {
  const dispatch = useAppDispatch();
  const groups = useAppSelector(dealerGroupChoicesArea.selectArea);
  useEffect(() => { void dispatch(dealerGroupChoicesArea.fetchList(ALL_GROUPS)); }, [dispatch]);
  return groups;
}
