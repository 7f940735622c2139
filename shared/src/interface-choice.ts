// The interface's language and theme as the user chooses them (the header's switches, the profile):
// applied at once in this browser and kept in the profile on the server, so that they follow the
// user to another computer (design §6). The promise rejects when the server did not keep it; the
// choice stays in this browser either way.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { CURRENT_USER_PATH } from './auth-slice';
import { setLanguage, type Language } from './i18n';
import type { ThunkExtra } from './thunk-extra';
import { setTheme } from './ui-slice';

export type InterfaceChoice = { language: Language } | { theme: 'default' | 'dark' };

export const chooseInterface = (choice: InterfaceChoice): ThunkAction<Promise<void>, unknown, ThunkExtra, UnknownAction> => async (dispatch, _state, extra) => {
  if ('language' in choice) setLanguage(choice.language);
  else dispatch(setTheme(choice.theme));
  await extra.api.put(CURRENT_USER_PATH, choice);
};
