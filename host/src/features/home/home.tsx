import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectCurrentUser, selectProfileLoading, useAppSelector, useTranslation } from '@portal/shared';
import { useRemotes } from '../remote-loader/remotes-context';
import { entriesFor, labelOf, needsContract } from '../menu/menu-entries';
import { MenuIcon } from '../menu/menu-icon';
import { MutedText, PlainText, ScreenTitle } from '@portal/shared/ui/text';
import { shortName } from '../layout/user-name';
import { CART_ENTRY_KEY } from '../layout/cart-link';
import '../layout/cabinet-translations';
import './home-translations';
import { widgetKey, widgetsFor } from './widgets';
import { WidgetBoundary, WidgetCard } from './widget-card';
import { CartWidget } from './own-widgets';
import './home.css';

/**
 * How long the home keeps its widgets and section cards back while the widgets' first answers come
 * (ms). They are drawn together once every widget has answered (or failed), so a widget growing from
 * «Загрузка…» to five items never pushes the cards below it down (Lighthouse's layout shift was 0.55
 * on a phone); a source slower than this shows its «Загрузка…» in place.
 */
export const HOME_SETTLE_MS = 2500;

/**
 * The cabinet's start page (issue 19): what needs the user now. Staff first see «Ждут решения», the
 * inbox widgets the remotes publish, each the longest waiting first; a dealer sees the cart and the
 * remotes' widgets (orders in progress, shipments on the way, claims, unread news).
 * Below them, a card for every section the user may open.
 */
export function Home() {
  const { t, i18n } = useTranslation('host');
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
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());
  const onAnswered = useCallback((key: string) => setAnswered((keys) => (keys.has(key) ? keys : new Set(keys).add(key))), []);
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), HOME_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = waitedLong || (!reading && widgets.every((w) => answered.has(widgetKey(w))));
  return (
    <div>
      {/* Until the name is known the heading keeps its place empty rather than greet by email. */}
      <ScreenTitle>{name ? t('layout.welcome', { name }) : '\u00a0'}</ScreenTitle>
      {!settled && <div role="status" data-testid="home-loading"><MutedText block>{t('home.loading')}</MutedText></div>}
      <div hidden={!settled} data-testid="home-content">
        {inbox.length > 0 && (
          <section aria-labelledby="home-inbox" data-testid="home-inbox">
            <h2 id="home-inbox" className="home-heading">{t('home.inbox')}</h2>
            <MutedText block>{t('home.inboxLead')}</MutedText>
            <div className="home-grid">
              {inbox.map((w) => <WidgetBoundary key={widgetKey(w)} onFailed={() => onAnswered(widgetKey(w))}><WidgetCard widget={w} level={3} now={now} onAnswered={onAnswered} /></WidgetBoundary>)}
            </div>
          </section>
        )}
        {hasWidgets && (
          <div className="home-grid" data-testid="home-widgets">
            {cart && <CartWidget entry={cart} />}
            {others.map((w) => <WidgetBoundary key={widgetKey(w)} onFailed={() => onAnswered(widgetKey(w))}><WidgetCard widget={w} now={now} onAnswered={onAnswered} /></WidgetBoundary>)}
          </div>
        )}
        {inbox.length === 0 && !hasWidgets && <MutedText block>{t('layout.welcomeLead')}</MutedText>}
        {(inbox.length > 0 || hasWidgets) && entries.length > 0 && <h2 className="home-heading" style={{ marginBottom: 12 }}>{t('home.sections')}</h2>}
        {entries.length === 0 ? (!reading && registry !== 'failed' && <p><PlainText>{t('layout.noSections')}</PlainText></p>) : (
          <div className="home-sections" data-testid="home-sections">
            {entries.map((m) => (
              // Real links (a new tab, a shared address); hovering or focusing one fetches the remote's code ahead of the click.
              <Link key={m.key + m.to} to={m.to} className="home-card" onMouseEnter={() => open(m.remote)} onFocus={() => open(m.remote)}>
                <span className="home-card-icon" aria-hidden><MenuIcon name={m.icon} /></span>
                <PlainText strong>{labelOf(m, i18n.language)}</PlainText>
              </Link>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
