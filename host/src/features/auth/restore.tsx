import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { apiClient, errorMessage, useTranslation } from '@portal/shared';
import { AuthPage, Field } from './auth-page';
import './restore-translations';

export const MIN_PASSWORD_LENGTH = 8;

/** Sets a new password with the single-use token from the restore link (spec §2: read from the path). */
export default function RestoreScreen() {
  const { t } = useTranslation('host');
  const { restoreToken = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setError(t('restore.tooShort'));
    if (password !== confirm) return setError(t('restore.mismatch'));
    setSending(true);
    setError(null);
    try {
      await apiClient.post(`/api/restore/${encodeURIComponent(restoreToken)}/`, { password });
      setDone(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthPage title={t('restore.title')} lead={done ? undefined : t('restore.lead')}>
      {done ? (
        <div className="form-success" role="status">{t('restore.done')}</div>
      ) : (
        <form onSubmit={submit}>
          {error && <div className="form-error" role="alert">{error}</div>}
          <Field label={t('restore.password')}>
            <input type="password" name="password" autoComplete="new-password" required autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Field label={t('restore.confirm')}>
            <input type="password" name="confirm" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          <button className="btn" type="submit" disabled={sending}>{t('restore.submit')}</button>
        </form>
      )}
      <div className="auth-links"><Link to="/login">{t('restore.toLogin')}</Link></div>
    </AuthPage>
  );
}
