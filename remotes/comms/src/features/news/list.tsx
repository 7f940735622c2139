// «Новости»: the news meant for the dealer, newest first, each as a card with the opening of its
// text and a link to its page, where the Markdown body is drawn (its renderer loads only there).
// Page and search live in the address (useResourceList), so a reload or a shared link keeps them.
// The news screen is the comms landing, within its budget of design §8 (host + comms ≤ 330 KB): the
// cards, the pager, the loading placeholder and the busy veil are plain markup in static CSS
// (list.css) rather than antd's Card, Typography, Pagination (with Select, for a page-size changer this list
// does not show), Skeleton and Spin; the error message and the empty state load when they show.
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { Pager } from '@portal/shared/ui/pager';
import { SearchBox } from '@portal/shared/ui/search-box';
import { useResourceList } from '@portal/shared/ui/use-resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { newsExcerpt } from '../../components/news-excerpt';
import { newsArea } from './news-slice';
import { MutedText, ScreenTitle } from '@portal/shared/ui/text';
import './list.css';

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
      <div className="news-head">
        <ScreenTitle style={{ marginTop: 0 }}>{t('news.title')}</ScreenTitle>
        {loaded && <MutedText>{t('news.total', { count })}</MutedText>}
      </div>
      <div className="news-search">
        <SearchBox value={list.view.search} onSearch={list.setSearch} label={t('news.search')} />
      </div>
      {error && <Suspense fallback={null}><ListError message={error} onRetry={list.retry} /></Suspense>}
      {/* Not loaded yet counts as loading: the first frame, before the list is asked for, shows the placeholder, not «no news». */}
      {!loaded && (loading || !error) ? <LoadingPlaceholder rows={6} /> : items.length === 0 ? (
        !error && <Suspense fallback={null}><Empty description={list.view.search ? t('news.nothingFound') : t('news.empty')} /></Suspense>
      ) : (
        <BusyVeil busy={loading}>
          <div className="news-list" data-testid="news-list">
            {items.map((item) => (
              <NewsCard key={item.id} title={<Link to={`news/${item.id}`} state={back}>{item.title}</Link>}
                date={<MutedText><DateText value={item.published_at} /></MutedText>}>
                <div style={{ marginBottom: 8 }}>{newsExcerpt(item.body)}</div>
                <Link to={`news/${item.id}`} state={back} aria-label={t('news.readItem', { title: item.title })}>{t('news.read')}</Link>
              </NewsCard>
            ))}
          </div>
          <Pager style={{ marginTop: 16 }} page={list.view.page} pageSize={list.view.pageSize} total={count} onChange={(page) => list.setPage(page)} />
        </BusyVeil>
      )}
    </div>
  );
}

/** One news item as antd's default card draws it: a head with the title and the date, a line, the body. */
function NewsCard({ title, date, children }: { title: ReactNode; date: ReactNode; children: ReactNode }) {
  return (
    <article data-testid="news-card" className="news-card">
      <div className="news-card-head">
        <div className="news-card-title">{title}</div>
        {date}
      </div>
      <div className="news-card-body">{children}</div>
    </article>
  );
}

/** The list's first load, as antd's active Skeleton draws it: a title bar and `rows` lines, shimmering. */
function LoadingPlaceholder({ rows }: { rows: number }) {
  const bar = (width: string, key?: number) => <li key={key} className="news-skeleton-bar" style={{ width }} />;
  return (
    <div aria-busy="true" data-testid="news-loading" className="news-loading">
      <ul className="news-skeleton">{bar('38%')}</ul>
      <ul className="news-skeleton news-skeleton-lines">
        {Array.from({ length: rows }, (_, i) => bar(i === rows - 1 ? '61%' : '100%', i))}
      </ul>
    </div>
  );
}

/** The list while another page loads, as antd's Spin veils it: dimmed, not clickable, a spinner on top. */
function BusyVeil({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div aria-busy={busy} aria-live="polite" className="news-veil">
      {busy && (
        <div data-testid="news-busy" className="news-busy">
          <span className="news-spinner" aria-hidden />
        </div>
      )}
      <div className={busy ? 'news-veiled' : undefined}>{children}</div>
    </div>
  );
}
