// The dealers, read once for the form's choice and the dealer's name in the list and on a user's page.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@portal/shared';
import { ALL_DEALERS, userDealerChoicesArea } from './users-slice';

export function useDealerChoices() {
  const dispatch = useAppDispatch();
  const dealers = useAppSelector(userDealerChoicesArea.selectArea);
  useEffect(() => { void dispatch(userDealerChoicesArea.fetchList(ALL_DEALERS)); }, [dispatch]);
  const nameOf = (id: number | null) => (id === null ? null : dealers.items.find((d) => d.id === id)?.name ?? `#${id}`);
  return { ...dealers, nameOf };
}
