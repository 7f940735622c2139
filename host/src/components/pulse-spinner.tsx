import { useTranslation } from '@portal/shared';

/** The pulsing spinner shown while a screen or a remote loads (spec §2). Plain HTML: no antd. */
export function PulseSpinner() {
  const { t } = useTranslation('host');
  return (
    <div className="pulse-spinner" role="status" aria-label={t('loading')}>
      <span />
    </div>
  );
}
