import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { getStore, initI18n, selectIsAuthenticated } from '@portal/shared';
import { App } from './app/app';
import './app/translations';
import { providedAntdComponents } from './app/provide-shared';
import { prefetchCabinet } from './features/layout/cabinet-loader';

void providedAntdComponents; // kept in the build: see provide-shared.ts

initI18n();
// Signed in already (stored tokens): the cabinet's code and the menu's data start at once.
if (selectIsAuthenticated(getStore().getState()) && !/^\/(login|register|restore|404|500)/.test(window.location.pathname)) prefetchCabinet();
// The first draw as a transition: React renders it in slices of a few milliseconds and lets the
// browser breathe between them, instead of one long task a phone's user cannot interrupt.
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App />));
