// Who made which release live, and when (issue 32 item 3): every activation, a rollback's too,
// newest first, as the API keeps them (`release_activations`). A release made live again shows
// each time, so the history of who made what live is never overwritten. Plain markup: a list.
import { useTranslation } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { MutedText } from '@portal/shared/ui/text';
import type { RemoteState } from './api';

export type Activation = RemoteState['activations'][number];

export function ActivationLog({ activations, labelledBy }: { activations: Activation[]; labelledBy: string }) {
  const { t } = useTranslation('admin');
  if (activations.length === 0) return <MutedText block>{t('releases.noActivations')}</MutedText>;
  return (
    <ol aria-labelledby={labelledBy} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
      {activations.map((a, i) => (
        <li key={`${a.release}-${a.activated_at}-${i}`} style={{ display: 'flex', flexWrap: 'wrap', gap: '0 8px', alignItems: 'baseline' }}>
          <DateText value={a.activated_at} time />
          <span>{a.previous_release
            ? t('releases.activationFrom', { by: a.activated_by, id: a.release, from: a.previous_release })
            : t('releases.activationFirst', { by: a.activated_by, id: a.release })}</span>
        </li>
      ))}
    </ol>
  );
}
