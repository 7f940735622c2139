// The routes of spec §2. Every screen is its own chunk, loaded on demand behind the spinner.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PulseSpinner } from '../components/pulse-spinner';
import { Guard } from '../features/guard/guard';
import { loadCabinet } from '../features/layout/cabinet-loader';

const Login = lazy(() => import('../features/auth/login'));
const Register = lazy(() => import('../features/auth/register'));
const Restore = lazy(() => import('../features/auth/restore'));
const NotFound = lazy(() => import('../features/errors/not-found'));
const ServerError = lazy(() => import('../features/errors/server-error'));
const Cabinet = lazy(loadCabinet);

export function AppRoutes() {
  return (
    <Suspense fallback={<PulseSpinner />}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/restore/:restoreToken" element={<Restore />} />
        <Route path="/404" element={<NotFound />} />
        <Route path="/500" element={<ServerError />} />
        <Route path="*" element={<Guard><Cabinet /></Guard>} />
      </Routes>
    </Suspense>
  );
}
