import { createRoot } from 'react-dom/client';
import { initI18n } from '@portal/shared';
import { App } from './app/app';
import './app/translations';
import { providedAntdComponents } from './app/provide-shared';

void providedAntdComponents; // kept in the build: see provide-shared.ts

initI18n();
createRoot(document.getElementById('root')!).render(<App />);
