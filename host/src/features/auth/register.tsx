import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiClient, errorMessage, fieldErrors, useTranslation } from '@portal/shared';
import { AuthPage, Field } from './auth-page';

type RequestForm = Record<'company_name' | 'tax_id' | 'contact_name' | 'email' | 'phone' | 'comment', string>;
const EMPTY: RequestForm = { company_name: '', tax_id: '', contact_name: '', email: '', phone: '', comment: '' };

/** A visitor asks to become a dealer: POST /api/regreq/ (open to visitors, design §6). */
export default function RegisterScreen() {
  const { t } = useTranslation('host');
  const [form, setForm] = useState<RequestForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    setErrors({});
    try {
      const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()]));
      await apiClient.post('/api/regreq/', body);
      setSent(true);
      setForm(EMPTY);
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  const input = (name: keyof RequestForm, type = 'text', autoComplete?: string) => (
    <Field label={t(`register.${name}`)} error={errors[name]}>
      <input
        name={name} type={type} autoComplete={autoComplete} required={name !== 'comment'}
        aria-invalid={errors[name] ? true : undefined}
        value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
    </Field>
  );

  return (
    <AuthPage title={t('register.title')} lead={t('register.lead')} wide>
      {sent ? (
        <div className="form-success" role="status">{t('register.sent')}</div>
      ) : (
        <form onSubmit={submit}>
          {error && <div className="form-error" role="alert">{error}</div>}
          {input('company_name', 'text', 'organization')}
          <div className="grid2">
            {input('tax_id')}
            {input('contact_name', 'text', 'name')}
            {input('email', 'email', 'email')}
            {input('phone', 'tel', 'tel')}
          </div>
          <Field label={t('register.comment')} error={errors.comment}>
            <textarea name="comment" rows={3} value={form.comment} onChange={(e) => setForm({ ...form, comment: e.target.value })} />
          </Field>
          <button className="btn" type="submit" disabled={sending}>{t('register.submit')}</button>
        </form>
      )}
      <div className="auth-links"><Link to="/login">{t('register.haveAccount')}</Link></div>
    </AuthPage>
  );
}
