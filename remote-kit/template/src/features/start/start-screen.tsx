// The __NAME__ remote's first screen, at its base path: its title and who is signed in (the
// portal's one store, which every remote reads through @portal/shared).
import { selectCurrentUser, useAppSelector, useTranslation } from '@portal/shared';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';

export default function StartScreen() {
  const { t } = useTranslation('__NAME__');
  const user = useAppSelector(selectCurrentUser);
  return (
    <div>
      <ScreenTitle>{t('start.title')}</ScreenTitle>
      <p>{t('start.ready')}</p>
      {user && <MutedText>{t('start.signedIn', { email: user.email })}</MutedText>}
    </div>
  );
}
