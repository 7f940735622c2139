import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiClient, errorMessage, fieldErrors, isValidTaxId, useTranslation } from '@portal/shared';
import { AuthPage, Field } from './auth-page';
import './register-translations';

type RequestForm = Record<'company_name' | 'tax_id' | 'contact_name' | 'email' | 'phone' | 'comment', string>;
type FieldName = keyof RequestForm;
const EMPTY: RequestForm = { company_name: '', tax_id: '', contact_name: '', email: '', phone: '', comment: '' };
const REQUIRED: FieldName[] = ['company_name', 'tax_id', 'contact_name', 'email', 'phone'];

// The API's own rules (areas/regreq.ts): a phone of digits, spaces, brackets and dashes with an
// optional leading +; here also 10 to 15 digits (a Russian number has 11, E.164 allows 15), so a
// typo is caught before a manager has to call a number that cannot exist.
const PHONE = /^\+?[0-9 ()-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own checks: the field → the key of its message. */
function problems(form: RequestForm): Partial<Record<FieldName, string>> {
  const found: Partial<Record<FieldName, string>> = {};
  for (const name of REQUIRED) if (!form[name].trim()) found[name] = 'required';
  if (!found.tax_id && !isValidTaxId(form.tax_id)) found.tax_id = 'tax_id';
  if (!found.email && !EMAIL.test(form.email.trim())) found.email = 'email';
  const digits = form.phone.replace(/\D/g, '').length;
  if (!found.phone && (!PHONE.test(form.phone.trim()) || digits < 10 || digits > 15)) found.phone = 'phone';
  return found;
}

/** A visitor asks to become a dealer: POST /api/regreq/ (open to visitors, design §6). */
export default function RegisterScreen() {
  const { t } = useTranslation('host');
  const [form, setForm] = useState<RequestForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  // The page changes under the visitor's focus (the button is gone): the news goes where the focus is.
  useEffect(() => { if (sentTo) doneRef.current?.focus(); }, [sentTo]);

  const focusFirstError = (names: string[]) => {
    const first = [...REQUIRED, 'comment'].find((name) => names.includes(name));
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = problems(form);
    if (Object.keys(found).length) {
      setErrors(Object.fromEntries(Object.entries(found).map(([name, key]) => [name, t(`register.errors.${key}`)])));
      focusFirstError(Object.keys(found));
      return;
    }
    setSending(true);
    setErrors({});
    try {
      const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()]));
      await apiClient.post('/api/regreq/', body);
      setSentTo(body.email);
      setForm(EMPTY);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      setError(errorMessage(err));
      focusFirstError(Object.keys(fields));
    } finally {
      setSending(false);
    }
  };

  const input = (name: FieldName, type = 'text', autoComplete?: string, extra?: { inputMode?: 'numeric'; hint?: string }) => (
    <Field label={t(`register.${name}`)} error={errors[name]}>
      <input
        name={name} type={type} autoComplete={autoComplete} required aria-required
        inputMode={extra?.inputMode} placeholder={extra?.hint}
        aria-invalid={errors[name] ? true : undefined}
        value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
    </Field>
  );

  if (sentTo) {
    return (
      <AuthPage title={t('register.title')} wide>
        <section className="form-success" role="status">
          <h2 ref={doneRef} tabIndex={-1} style={{ marginTop: 0 }}>{t('register.next.title')}</h2>
          <p>{t('register.next.lead')}</p>
          <ol>
            <li>{t('register.next.review')}</li>
            <li>{t('register.next.approved', { email: sentTo })}</li>
            <li>{t('register.next.signIn')}</li>
          </ol>
          <p>{t('register.next.rejected')}</p>
        </section>
        <div className="auth-links"><Link to="/login">{t('register.haveAccount')}</Link></div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('register.title')} lead={t('register.lead')} wide>
      <form ref={formRef} onSubmit={submit} noValidate>
        {error && <div className="form-error" role="alert">{error}</div>}
        {input('company_name', 'text', 'organization')}
        <div className="grid2">
          {input('tax_id', 'text', 'off', { inputMode: 'numeric', hint: t('register.taxIdHint') })}
          {input('contact_name', 'text', 'name')}
          {input('email', 'email', 'email')}
          {input('phone', 'tel', 'tel')}
        </div>
        <Field label={t('register.comment')} error={errors.comment}>
          <textarea name="comment" rows={3} value={form.comment} onChange={(e) => setForm({ ...form, comment: e.target.value })} />
        </Field>
        <button className="btn" type="submit" disabled={sending}>{t('register.submit')}</button>
      </form>
      <div className="auth-links"><Link to="/login">{t('register.haveAccount')}</Link></div>
    </AuthPage>
  );
}
