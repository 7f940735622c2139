// «Новости»: the news meant for the dealer, newest first, each as a card with the opening of its
// text and a link to its page, where the Markdown body is drawn (its renderer loads only there).
// Page and search live in the address (useResourceList), so a reload or a shared link keeps them.
// The news screen is the comms landing, within its budget of design §8 (host + comms ≤ 330 KB): the
// cards, the pager, the loading placeholder and the busy veil are drawn from the theme's tokens
// rather than antd's Card, Typography, Pagination (with Select, for a page-size changer this list
// does not show), Skeleton and Spin; the error message and the empty state load when they show.
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import Flex from 'antd/es/flex';
import antTheme from 'antd/es/theme';
import { cspNonce, useTranslation } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { Pager } from '@portal/shared/ui/pager';
import { SearchBox } from '@portal/shared/ui/search-box';
import { useResourceList } from '@portal/shared/ui/use-resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { newsExcerpt } from '../../components/news-excerpt';
import { newsArea } from './news-slice';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';

const PAGE_SIZE = 10;

const ListError = lazy(() => import('@portal/shared/ui/list-error').then((m) => ({ default: m.ListError })));
const Empty = lazy(() => import('antd/es/empty'));

export default function NewsList() {
  const { t } = useTranslation('comms');
  const location = useLocation();
  const list = useResourceList({ area: newsArea, defaultOrdering: '-published_at', pageSize: PAGE_SIZE });
  const { items, count, loading, loaded, error } = list.state;
  const back = backState(location);

  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <ScreenTitle style={{ marginTop: 0 }}>{t('news.title')}</ScreenTitle>
        {loaded && <MutedText>{t('news.total', { count })}</MutedText>}
      </Flex>
      <Flex style={{ marginBottom: 16 }}>
        <SearchBox value={list.view.search} onSearch={list.setSearch} label={t('news.search')} />
      </Flex>
      {error && <Suspense fallback={null}><ListError message={error} onRetry={list.retry} /></Suspense>}
      {/* Not loaded yet counts as loading: the first frame, before the list is asked for, shows the placeholder, not «no news». */}
      {!loaded && (loading || !error) ? <LoadingPlaceholder rows={6} /> : items.length === 0 ? (
        !error && <Suspense fallback={null}><Empty description={list.view.search ? t('news.nothingFound') : t('news.empty')} /></Suspense>
      ) : (
        <BusyVeil busy={loading}>
          <Flex vertical gap={16} data-testid="news-list">
            {items.map((item) => (
              <NewsCard key={item.id} title={<Link to={`news/${item.id}`} state={back}>{item.title}</Link>}
                date={<MutedText><DateText value={item.published_at} /></MutedText>}>
                <div style={{ marginBottom: 8 }}>{newsExcerpt(item.body)}</div>
                <Link to={`news/${item.id}`} state={back} aria-label={t('news.readItem', { title: item.title })}>{t('news.read')}</Link>
              </NewsCard>
            ))}
          </Flex>
          <Pager style={{ marginTop: 16 }} page={list.view.page} pageSize={list.view.pageSize} total={count} onChange={(page) => list.setPage(page)} />
        </BusyVeil>
      )}
    </div>
  );
}

/** One news item as antd's default card draws it: a head with the title and the date, a line, the body. */
function NewsCard({ title, date, children }: { title: ReactNode; date: ReactNode; children: ReactNode }) {
  const { token } = antTheme.useToken();
  return (
    <article data-testid="news-card" style={{
      background: token.colorBgContainer, border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadiusLG, color: token.colorText, fontSize: token.fontSize,
    }}>
      <Flex justify="space-between" align="center" gap={token.marginXS} wrap style={{
        minHeight: 56, padding: `0 ${token.paddingLG}px`, borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
      }}>
        <div style={{ flex: 1, minWidth: 0, padding: `${token.paddingSM}px 0`, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', fontWeight: token.fontWeightStrong, fontSize: token.fontSizeLG, color: token.colorTextHeading }}>{title}</div>
        {date}
      </Flex>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </article>
  );
}

/** The list's first load, as antd's active Skeleton draws it: a title bar and `rows` lines, shimmering. */
function LoadingPlaceholder({ rows }: { rows: number }) {
  const { token } = antTheme.useToken();
  const bar = (width: string, key?: number) => <li key={key} className="news-skeleton-bar" style={{ width, height: 16, borderRadius: token.borderRadiusSM }} />;
  return (
    <div aria-busy="true" data-testid="news-loading" style={{ padding: `${token.paddingXS}px 0` }}>
      <style nonce={cspNonce}>{`.news-skeleton-bar{background:linear-gradient(90deg,${token.colorFillContent} 25%,${token.colorFill} 37%,${token.colorFillContent} 63%);background-size:400% 100%;animation:news-skeleton 1.4s ease infinite}
@keyframes news-skeleton{0%{background-position:100% 50%}100%{background-position:0 50%}}
@media (prefers-reduced-motion:reduce){.news-skeleton-bar{animation:none}}`}</style>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{bar('38%')}</ul>
      <ul style={{ listStyle: 'none', margin: '24px 0 0', padding: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
        {Array.from({ length: rows }, (_, i) => bar(i === rows - 1 ? '61%' : '100%', i))}
      </ul>
    </div>
  );
}

/** The list while another page loads, as antd's Spin veils it: dimmed, not clickable, a spinner on top. */
function BusyVeil({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { token } = antTheme.useToken();
  return (
    <div aria-busy={busy} aria-live="polite" style={{ position: 'relative' }}>
      {busy && (
        <div data-testid="news-busy" style={{ position: 'absolute', inset: 0, zIndex: 4, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <style nonce={cspNonce}>{`@keyframes news-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.news-spinner{animation:none!important}}`}</style>
          <span className="news-spinner" aria-hidden style={{
            width: 20, height: 20, borderRadius: '50%', border: `3px solid ${token.colorPrimaryBg}`, borderTopColor: token.colorPrimary,
            animation: 'news-spin 1s linear infinite',
          }} />
        </div>
      )}
      <div style={busy ? { opacity: 0.5, pointerEvents: 'none', userSelect: 'none' } : undefined}>{children}</div>
    </div>
  );
}
