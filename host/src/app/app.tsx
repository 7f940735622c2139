import { useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { getStore } from '@portal/shared';
import { AppRoutes } from './routes';

/**
 * A data router (not <BrowserRouter>) so that a screen can hold every way out while it has unsaved
 * changes, the browser's back and forward buttons included (react-router's useBlocker works only
 * under a data router). The routes stay descendant <Routes>: the shell's in routes.tsx, each
 * remote's under its base path.
 */
export const ROUTER_FUTURE = {
  v7_relativeSplatPath: true, v7_fetcherPersist: true, v7_normalizeFormMethod: true,
  v7_partialHydration: true, v7_skipActionErrorRevalidation: true,
} as const;

export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AppRoutes /> }], { future: ROUTER_FUTURE }));
  return (
    <Provider store={getStore()}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </Provider>
  );
}
