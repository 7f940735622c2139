// A date with the time, and who did it under it («кто: Анна Администратор»); «—» when it never happened.
import { useTranslation } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { MutedText } from '@portal/shared/ui/text';

export function WhenWho({ at, by }: { at: string | null; by: string | null }) {
  const { t } = useTranslation('admin');
  if (!at) return <MutedText>{t('whenWho.none')}</MutedText>;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
      <DateText value={at} time />
      {by && <MutedText>{t('whenWho.by', { who: by })}</MutedText>}
    </span>
  );
}
