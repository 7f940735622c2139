// The answer after an action (issue 18 item 2): `say('Заказ № 2026-000041 оформлен')` puts the words
// in the store's answer; the host shows them in its live region (announced to screen readers, kept
// across a move to another page), and with `{ focus: 'heading' }` the next screen heading drawn takes
// the focus. One way for every screen: a save through useResourceForm says it with its `saved` option.
import { useCallback } from 'react';
import { answered, useAppDispatch, type AnswerInput } from '@portal/shared';

export type SayOptions = Omit<AnswerInput, 'text'>;

export function useSay(): (text: string, options?: SayOptions) => void {
  const dispatch = useAppDispatch();
  return useCallback((text: string, options: SayOptions = {}) => { dispatch(answered({ text, ...options })); }, [dispatch]);
}
