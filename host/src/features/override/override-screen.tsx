// «Подключить сборку разработки» (issue 32 item 1): the page `portal-remote dev --portal URL` prints a
// link to, /override?name=<remote>&manifest=<URL of its dev build's mf-manifest.json>. The link only
// opens this page: a signed-in staff user reads which remote would load from where and sets the
// override with one click (POST /api/remotes/overrides/, design §3 "Local override"), so no link
// alone can make a browser load foreign code. Then the page loads anew at the remote's area, with the
// dev build's origin in its policy. Refusals (overrides off, an origin not allowed, no such remote)
// show the API's own words. Plain markup: nothing of antd.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiPost, errorMessage, fieldErrors, useTranslation } from '@portal/shared';
import { Notice } from '@portal/shared/ui/notice';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';
import './translations';

/** The address of the page this screen is at, as `portal-remote dev` prints it. */
export const OVERRIDE_PATH = '/override';

export default function OverrideScreen() {
  const { t } = useTranslation('host');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const name = params.get('name')?.trim() ?? '';
  const manifest = params.get('manifest')?.trim() ?? '';
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);

  const confirm = () => {
    setSaving(true);
    setProblem(null);
    apiPost('/api/remotes/overrides/', { name, manifest }).then(
      () => window.location.assign(`/${encodeURIComponent(name)}`),
      (error: unknown) => {
        setSaving(false);
        setProblem([errorMessage(error), ...Object.values(fieldErrors(error))]);
      },
    );
  };

  return (
    <div style={{ maxWidth: 640 }}>
      <ScreenTitle>{t('override.title')}</ScreenTitle>
      {!name || !manifest ? (
        <Notice tone="error">{t('override.incomplete')}</Notice>
      ) : (
        <>
          <p>{t('override.what', { name })}</p>
          <p><code data-testid="override-manifest" style={{ overflowWrap: 'anywhere' }}>{manifest}</code></p>
          <MutedText block>{t('override.warning')}</MutedText>
          {problem && <Notice tone="error" style={{ marginTop: 16 }}>{problem.map((line) => <div key={line}>{line}</div>)}</Notice>}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 16 }}>
            <PlainButton variant="primary" onClick={confirm} loading={saving}>{t('override.confirm')}</PlainButton>
            <PlainButton onClick={() => navigate('/')}>{t('override.cancel')}</PlainButton>
          </div>
        </>
      )}
    </div>
  );
}
