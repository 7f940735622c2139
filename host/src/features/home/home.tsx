import { Link } from 'react-router-dom';
import { cspNonce, selectCurrentUser, selectProfileLoading, useAppSelector, useTranslation } from '@portal/shared';
import Flex from 'antd/es/flex';
import antTheme from 'antd/es/theme';
import { useRemotes } from '../remote-loader/remotes-context';
import { entriesFor, labelOf, needsContract } from '../menu/menu-entries';
import { MenuIcon } from '../menu/menu-icon';
import { MutedText, PlainText, ScreenTitle } from '@portal/shared/ui/text';
import { shortName } from '../layout/user-name';
import '../layout/cabinet-translations';

/** The cabinet's start page: a greeting and a card for every menu entry the user may open. */
export function Home() {
  const { t, i18n } = useTranslation('host');
  const { token } = antTheme.useToken();
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
          {/* Cards drawn from the theme's tokens rather than antd's Card, which brings its Tabs to every cabinet load. */}
          <style nonce={cspNonce}>{`.home-card{display:flex;gap:12px;align-items:center;width:220px;padding:24px;border-radius:${token.borderRadiusLG}px;border:1px solid ${token.colorBorderSecondary};background:${token.colorBgContainer};transition:box-shadow .2s,border-color .2s}
.home-card:hover{border-color:transparent;box-shadow:${token.boxShadowTertiary}}
.home-card:focus-visible{outline:2px solid ${token.colorPrimary};outline-offset:2px}`}</style>
          {entries.map((m) => (
            // Real links (a new tab, a shared address); hovering or focusing one fetches the remote's code ahead of the click.
            <Link key={m.key + m.to} to={m.to} className="home-card" onMouseEnter={() => open(m.remote)} onFocus={() => open(m.remote)}>
              <span style={{ fontSize: 22, color: token.colorText }} aria-hidden><MenuIcon name={m.icon} /></span>
              <PlainText strong>{labelOf(m, i18n.language)}</PlainText>
            </Link>
          ))}
        </Flex>
      )}
    </div>
  );
}
