import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsAuthenticated, useAppSelector } from '@portal/shared';

/** The cabinet needs tokens: without them every cabinet path goes to /login (spec §2, §6). */
export function Guard({ children }: { children: ReactNode }) {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!authenticated) {
    const from = location.pathname + location.search;
    return <Navigate to="/login" replace state={from === '/' ? undefined : { from }} />;
  }
  return <>{children}</>;
}
