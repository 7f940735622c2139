import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  apiClient, errorMessage, login, selectAuthError, selectAuthLoading, selectIsAuthenticated,
  useAppDispatch, useAppSelector, useTranslation,
} from '@portal/shared';
import { prefetchCabinet, prefetchCabinetWhenIdle } from '../layout/cabinet-loader';
import { AuthPage, Field } from './auth-page';

declare global {
  /** index.html's read-ahead of the data the address's first screen needs (`__portalPreload`, the registry). */
  interface Window { portalReadAhead?: (address: string) => void }
}

/** A field of the login card that index.html painted before this screen rendered, if it is still there. */
const prerenderedValue = (name: string) =>
  document.querySelector<HTMLInputElement>(`#root form[data-prerendered] input[name="${name}"]`)?.value ?? '';

export default function LoginScreen() {
  const { t } = useTranslation('host');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const error = useAppSelector(selectAuthError);
  const loading = useAppSelector(selectAuthLoading);
  // What was typed into the card index.html painted before the scripts arrived is kept.
  const [email, setEmail] = useState(() => prerenderedValue('email'));
  const [password, setPassword] = useState(() => prerenderedValue('password'));
  const [forgot, setForgot] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  useEffect(prefetchCabinetWhenIdle, []);

  if (authenticated) return <Navigate to={from} replace />;
  if (forgot) return <ForgotPassword email={email} onBack={() => setForgot(false)} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    prefetchCabinet(null); // fetched while the credentials are checked
    const result = await dispatch(login({ email: email.trim(), password }));
    if (login.fulfilled.match(result)) {
      // Signed in now: the first screen's reads (the home's widgets) and the user's registry, as a
      // signed-in page load asks them, while the cabinet's code arrives.
      window.portalReadAhead?.(from);
      prefetchCabinet(result.payload.user);
      navigate(from, { replace: true });
    }
  };

  return (
    <AuthPage title={t('login.title')}>
      <form onSubmit={submit} noValidate={false}>
        {error && <div className="form-error" role="alert">{error}</div>}
        <Field label={t('login.email')}>
          <input type="email" name="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label={t('login.password')}>
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => { setPassword(e.target.value); prefetchCabinet(null); }} />
        </Field>
        <button className="btn" type="submit" disabled={loading}>{loading ? t('login.submitting') : t('login.submit')}</button>
      </form>
      <div className="auth-links">
        <button type="button" className="btn link" onClick={() => setForgot(true)}>{t('login.forgot')}</button>
        <Link to="/register">{t('login.register')}</Link>
      </div>
    </AuthPage>
  );
}

/** Asks for a restore link (design §6: the answer is the same for known and unknown emails). */
function ForgotPassword({ email: initialEmail, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation('host');
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<{ sending: boolean; sent: boolean; error: string | null }>({ sending: false, sent: false, error: null });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ sending: true, sent: false, error: null });
    try {
      await apiClient.post('/api/restore/', { email: email.trim() });
      setState({ sending: false, sent: true, error: null });
    } catch (err) {
      setState({ sending: false, sent: false, error: errorMessage(err) });
    }
  };

  return (
    <AuthPage title={t('login.forgotTitle')} lead={t('login.forgotLead')}>
      <form onSubmit={submit}>
        {state.error && <div className="form-error" role="alert">{state.error}</div>}
        {state.sent && <div className="form-success" role="status">{t('login.forgotSent')}</div>}
        <Field label={t('login.email')}>
          <input type="email" name="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <button className="btn" type="submit" disabled={state.sending}>{t('login.forgotSubmit')}</button>
      </form>
      <div className="auth-links">
        <button type="button" className="btn link" onClick={onBack}>{t('login.back')}</button>
      </div>
    </AuthPage>
  );
}
