import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { setLanguage, useTranslation } from '@portal/shared';

/** The frame of the visitor screens: plain HTML styled in index.html, so /login needs no antd. */
export function AuthPage({ title, lead, wide, children }: { title: string; lead?: string; wide?: boolean; children: ReactNode }) {
  const { t, i18n } = useTranslation('host');
  return (
    <main className="auth-page">
      <section className={wide ? 'auth-card wide' : 'auth-card'}>
        <div className="lang-switch">
          {(['ru', 'en'] as const).map((lng) => (
            <button key={lng} type="button" aria-pressed={i18n.language === lng} onClick={() => setLanguage(lng)}>
              {lng.toUpperCase()}
            </button>
          ))}
        </div>
        <p className="auth-brand">{t('brand')}</p>
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </section>
    </main>
  );
}

/**
 * A labelled control; its error stands under it, outside the label, tied to the control by
 * aria-describedby: read out with the field, but not part of the field's name.
 */
export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  const errorId = useId();
  const control = error && isValidElement(children)
    ? cloneElement(children as ReactElement<{ 'aria-describedby'?: string; 'aria-invalid'?: boolean }>, { 'aria-describedby': errorId, 'aria-invalid': true })
    : children;
  return (
    <div className="field">
      <label>
        <span>{label}</span>
        {control}
      </label>
      {error && <small id={errorId} className="field-error" role="alert">{error}</small>}
    </div>
  );
}
