import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cspNonce, selectCurrentUser, selectProfileLoading, useAppSelector, useTranslation } from '@portal/shared';
import antTheme from 'antd/es/theme';
import { useRemotes } from '../remote-loader/remotes-context';
import { entriesFor, labelOf, needsContract } from '../menu/menu-entries';
import { MenuIcon } from '../menu/menu-icon';
import { MutedText, PlainText, ScreenTitle } from '@portal/shared/ui/text';
import { shortName } from '../layout/user-name';
import { CART_ENTRY_KEY } from '../layout/cart-link';
import '../layout/cabinet-translations';
import './home-translations';
import { widgetsFor } from './widgets';
import { WidgetBoundary, WidgetCard } from './widget-card';
import { CartWidget } from './own-widgets';

/**
 * The cabinet's start page (issue 19): what needs the user now. Staff first see «Ждут решения», the
 * inbox widgets the remotes publish, each the longest waiting first; a dealer sees the cart and the
 * remotes' widgets (orders in progress, shipments on the way, claims, unread news).
 * Below them, a card for every section the user may open.
 */
export function Home() {
  const { t, i18n } = useTranslation('host');
  const { token } = antTheme.useToken();
  const user = useAppSelector(selectCurrentUser);
  const profileLoading = useAppSelector(selectProfileLoading);
  const { remotes, registry, open } = useRemotes();
  // One moment for every «ждёт …» on the page, so two widgets never disagree.
  const [now] = useState(() => Date.now());
  const gated = needsContract(user);
  const entries = entriesFor(remotes, user).filter((m) => !gated || m.beforeContract);
  const widgets = widgetsFor(remotes, user);
  const inbox = widgets.filter((w) => w.inbox);
  const others = widgets.filter((w) => !w.inbox);
  const cart = gated ? undefined : entries.find((m) => m.key === CART_ENTRY_KEY);
  const reading = registry === 'loading' || remotes.some((r) => r.menu.state === 'loading');
  const name = user ? shortName(user, profileLoading) : '';
  const hasWidgets = others.length > 0 || !!cart;
  return (
    <div>
      <style nonce={cspNonce}>{`.home-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,320px),1fr));gap:16px;margin-bottom:24px;align-items:start}
.home-widget{display:flex;flex-direction:column;gap:8px;min-width:0;padding:16px 20px;border-radius:${token.borderRadiusLG}px;border:1px solid ${token.colorBorderSecondary};background:${token.colorBgContainer};color:${token.colorText}}
.home-widget-title{display:flex;align-items:center;justify-content:space-between;gap:8px;margin:0;font-size:16px;font-weight:600;color:${token.colorText}}
.home-widget-count{min-width:28px;padding:0 8px;border-radius:14px;background:${token.colorFillSecondary};font-size:14px;line-height:24px;text-align:center}
.home-widget-items{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.home-widget-items li{display:flex;flex-direction:column;gap:2px;min-width:0;overflow-wrap:anywhere}
.home-widget-line{display:flex;align-items:center;justify-content:space-between;gap:8px;min-width:0}
.home-widget-link{font-weight:500}
.home-widget-lead{margin:0}
.home-widget-more,.home-widget-action{align-self:flex-start}
.home-widget-action{display:inline-block;padding:4px 15px;border-radius:${token.borderRadius}px;background:${token.colorPrimary};color:${token.colorTextLightSolid}}
.home-widget-action:hover{color:${token.colorTextLightSolid};opacity:.9}
.home-widget a:focus-visible,.home-card:focus-visible{outline:2px solid ${token.colorPrimary};outline-offset:2px}
.home-heading{margin:0 0 4px;font-size:20px;font-weight:600;color:${token.colorText}}
.home-sections{display:flex;flex-wrap:wrap;gap:16px}
.home-card{display:flex;gap:12px;align-items:center;width:220px;padding:24px;border-radius:${token.borderRadiusLG}px;border:1px solid ${token.colorBorderSecondary};background:${token.colorBgContainer};transition:box-shadow .2s,border-color .2s}
.home-card:hover{border-color:transparent;box-shadow:${token.boxShadowTertiary}}
@media (max-width:767px){.home-card{width:100%}}`}</style>
      {/* Until the name is known the heading keeps its place empty rather than greet by email. */}
      <ScreenTitle>{name ? t('layout.welcome', { name }) : '\u00a0'}</ScreenTitle>
      {inbox.length > 0 && (
        <section aria-labelledby="home-inbox" data-testid="home-inbox">
          <h2 id="home-inbox" className="home-heading">{t('home.inbox')}</h2>
          <MutedText block>{t('home.inboxLead')}</MutedText>
          <div className="home-grid">
            {inbox.map((w) => <WidgetBoundary key={`${w.remote}-${w.key}`}><WidgetCard widget={w} level={3} now={now} /></WidgetBoundary>)}
          </div>
        </section>
      )}
      {hasWidgets && (
        <div className="home-grid" data-testid="home-widgets">
          {cart && <CartWidget entry={cart} />}
          {others.map((w) => <WidgetBoundary key={`${w.remote}-${w.key}`}><WidgetCard widget={w} now={now} /></WidgetBoundary>)}
        </div>
      )}
      {inbox.length === 0 && !hasWidgets && <MutedText block>{t('layout.welcomeLead')}</MutedText>}
      {(inbox.length > 0 || hasWidgets) && entries.length > 0 && <h2 className="home-heading" style={{ marginBottom: 12 }}>{t('home.sections')}</h2>}
      {entries.length === 0 ? (!reading && registry !== 'failed' && <p><PlainText>{t('layout.noSections')}</PlainText></p>) : (
        <div className="home-sections" data-testid="home-sections">
          {entries.map((m) => (
            // Real links (a new tab, a shared address); hovering or focusing one fetches the remote's code ahead of the click.
            <Link key={m.key + m.to} to={m.to} className="home-card" onMouseEnter={() => open(m.remote)} onFocus={() => open(m.remote)}>
              <span style={{ fontSize: 22, color: token.colorText }} aria-hidden><MenuIcon name={m.icon} /></span>
              <PlainText strong>{labelOf(m, i18n.language)}</PlainText>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
