import { useNavigate } from 'react-router-dom';
import { selectCurrentUser, selectProfileLoading, useAppSelector, useTranslation } from '@portal/shared';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import { useRemotes } from '../remote-loader/remotes-context';
import { entriesFor, labelOf, needsContract } from '../menu/menu-entries';
import { MenuIcon } from '../menu/menu-icon';
import { MutedText, PlainText, ScreenTitle } from '../../components/text';
import { shortName } from '../layout/user-name';
import '../layout/cabinet-translations';

/** The cabinet's start page: a greeting and a card for every menu entry the user may open. */
export function Home() {
  const { t, i18n } = useTranslation('host');
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const profileLoading = useAppSelector(selectProfileLoading);
  const { remotes, registry, open } = useRemotes();
  const gated = needsContract(user);
  const entries = entriesFor(remotes, user).filter((m) => !gated || m.beforeContract);
  const reading = registry === 'loading' || remotes.some((r) => r.menu.state === 'loading');
  const name = user ? shortName(user, profileLoading) : '';
  return (
    <div>
      {/* Until the name is known the heading keeps its place empty rather than greet by email. */}
      <ScreenTitle>{name ? t('layout.welcome', { name }) : '\u00a0'}</ScreenTitle>
      <MutedText block>{t('layout.welcomeLead')}</MutedText>
      {entries.length === 0 ? (!reading && registry !== 'failed' && <p><PlainText>{t('layout.noSections')}</PlainText></p>) : (
        <Flex wrap gap={16} data-testid="home-sections">
          {entries.map((m) => (
            // A card is a link-like button: hovering or focusing it fetches the remote's code ahead of the click.
            <Card key={m.key + m.to} hoverable style={{ width: 220 }} onClick={() => navigate(m.to)} role="link"
              tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && navigate(m.to)}
              onMouseEnter={() => open(m.remote)} onFocus={() => open(m.remote)}>
              <Flex gap={12} align="center"><span style={{ fontSize: 22 }} aria-hidden><MenuIcon name={m.icon} /></span><PlainText strong>{labelOf(m, i18n.language)}</PlainText></Flex>
            </Card>
          ))}
        </Flex>
      )}
    </div>
  );
}
