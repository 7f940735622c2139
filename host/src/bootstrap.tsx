import { createRoot } from 'react-dom/client';
import { initI18n } from '@portal/shared';
import { App } from './app/app';
import './app/translations';

initI18n();
createRoot(document.getElementById('root')!).render(<App />);
