import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { getStore } from '@portal/shared';
import { AppRoutes } from './routes';

export function App() {
  return (
    <Provider store={getStore()}>
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
