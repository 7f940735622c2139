// Layout preferences (spec §2, §9), kept in the browser under our key `uiPrefs` by the store.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStorage, UI_PREFS_KEY } from './storage';

export interface UiState {
  sidebarShow: boolean;
  asideShow: boolean;
  theme: string;
  sidebarUnfoldable: boolean;
}

export const UI_DEFAULTS: UiState = { sidebarShow: true, asideShow: false, theme: 'default', sidebarUnfoldable: false };

export function initialUiState(): UiState {
  const stored = readStorage<Partial<UiState> | null>(UI_PREFS_KEY, null);
  const state = { ...UI_DEFAULTS };
  if (stored && typeof stored === 'object') {
    if (typeof stored.sidebarShow === 'boolean') state.sidebarShow = stored.sidebarShow;
    if (typeof stored.asideShow === 'boolean') state.asideShow = stored.asideShow;
    if (typeof stored.theme === 'string') state.theme = stored.theme;
    if (typeof stored.sidebarUnfoldable === 'boolean') state.sidebarUnfoldable = stored.sidebarUnfoldable;
  }
  return state;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    setSidebarShow(state, action: PayloadAction<boolean>) {
      state.sidebarShow = action.payload;
    },
    toggleSidebar(state) {
      state.sidebarShow = !state.sidebarShow;
    },
    setAsideShow(state, action: PayloadAction<boolean>) {
      state.asideShow = action.payload;
    },
    toggleAside(state) {
      state.asideShow = !state.asideShow;
    },
    setTheme(state, action: PayloadAction<string>) {
      state.theme = action.payload;
    },
    setSidebarUnfoldable(state, action: PayloadAction<boolean>) {
      state.sidebarUnfoldable = action.payload;
    },
  },
  selectors: {
    selectUi: (state) => state,
  },
});

export const { setSidebarShow, toggleSidebar, setAsideShow, toggleAside, setTheme, setSidebarUnfoldable } = uiSlice.actions;
export const { selectUi } = uiSlice.selectors;
