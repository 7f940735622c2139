import type { ReactNode } from 'react';
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

export function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      {error && <small className="field-error" role="alert">{error}</small>}
    </label>
  );
}
