// One home widget drawn from its data alone (design §3, contract 2.2): the source list's count and its
// first items, each a link, and a link to all of them. No remote's code runs here. Each widget asks
// and fails on its own: an error leaves the others, with a retry on the failed one.
import { Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { apiClient, errorMessage, useTranslation, type Paginated } from '@portal/shared';
import { formatDate, formatMoney } from '@portal/shared/ui/format';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText } from '@portal/shared/ui/text';
import { PlainButton } from '@portal/shared/ui/plain-button';
import { apiPath, fieldText, itemLink, sitePath, waited, widgetKey, WIDGET_ITEMS, type PlacedWidget, type WidgetItem } from './widgets';
import { WidgetFrame } from './widget-frame';

type Answer = { state: 'loading' } | { state: 'ready'; count: number; items: WidgetItem[] } | { state: 'failed'; message: string };

/** Asks the widget's source for its count and first items; `retry` asks again. */
function useWidgetSource(source: string): [Answer, () => void] {
  const [answer, setAnswer] = useState<Answer>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setAnswer({ state: 'loading' });
    if (!apiPath(source)) {
      setAnswer({ state: 'failed', message: errorMessage(new Error(source)) });
      return () => controller.abort();
    }
    apiClient.get<Paginated<WidgetItem>>(source, { params: { page_size: WIDGET_ITEMS }, signal: controller.signal }).then(
      ({ data }) => setAnswer({ state: 'ready', count: Number(data.count) || 0, items: Array.isArray(data.results) ? data.results.slice(0, WIDGET_ITEMS) : [] }),
      (err: unknown) => { if (!controller.signal.aborted) setAnswer({ state: 'failed', message: errorMessage(err) }); },
    );
    return () => controller.abort();
  }, [source, attempt]);
  return [answer, useCallback(() => setAttempt((n) => n + 1), [])];
}

/** `onAnswered(key)` hears, once the source has answered or failed, that the widget has drawn its content. */
export function WidgetCard({ widget, level = 2, now, onAnswered }: { widget: PlacedWidget; level?: 2 | 3; now: number; onAnswered?: (key: string) => void }) {
  const { t, i18n } = useTranslation('host');
  const [answer, retry] = useWidgetSource(widget.source);
  const key = widgetKey(widget);
  useEffect(() => { if (answer.state !== 'loading') onAnswered?.(key); }, [answer.state, key, onAnswered]);
  const title = i18n.language === 'en' ? widget.title.en : widget.title.ru;
  const count = answer.state === 'ready' ? answer.count : undefined;
  return (
    <WidgetFrame id={`widget-${widget.remote}-${widget.key}`} title={title} level={level} count={count}
      more={widget.more && sitePath(widget.more) && count ? { to: widget.more, text: t('home.all', { count }), label: t('home.allLabel', { title, count }) } : undefined}>
      {answer.state === 'loading' && <MutedText>{t('home.loading')}</MutedText>}
      {answer.state === 'failed' && (
        <div role="alert">
          <MutedText block>{t('home.failed', { message: answer.message })}</MutedText>
          <PlainButton size="small" onClick={retry} aria-label={t('home.retryLabel', { title })}>{t('home.retry')}</PlainButton>
        </div>
      )}
      {answer.state === 'ready' && (answer.items.length === 0 ? <MutedText>{widget.inbox ? t('home.inboxEmpty') : t('home.empty')}</MutedText> : (
        <ul className="home-widget-items">
          {answer.items.map((item, i) => {
            const fields = widget.fields;
            const age = widget.inbox ? waited(fieldText(item, fields.date), now) : null;
            const details = [
              fieldText(item, fields.subtitle),
              fields.quantity ? t('home.available', { count: Number(item[fields.quantity]) || 0 }) : '',
              fields.amount ? formatMoney(fieldText(item, fields.amount), i18n.language) : '',
              age ? t(`home.waits.${age.unit}`, { count: age.count }) : fields.date ? formatDate(fieldText(item, fields.date), i18n.language) : '',
            ].filter(Boolean);
            const tag = fields.tag ? fieldText(item, fields.tag) : '';
            const to = itemLink(widget.link, item);
            return (
              <li key={typeof item.id === 'number' || typeof item.id === 'string' ? item.id : i}>
                <span className="home-widget-line">
                  {sitePath(to)
                    ? <Link to={to} className="home-widget-link">{fieldText(item, fields.title) || '—'}</Link>
                    : <span className="home-widget-link">{fieldText(item, fields.title) || '—'}</span>}
                  {tag && <StatusTag status={tag} of={widget.statusOf} />}
                </span>
                {details.length > 0 && <MutedText>{details.join(' · ')}</MutedText>}
              </li>
            );
          })}
        </ul>
      ))}
    </WidgetFrame>
  );
}

/** A widget whose drawing throws (an item of an unexpected shape) leaves its place, not the home. */
export class WidgetBoundary extends Component<{ children: ReactNode; onFailed?: () => void }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() { return { failed: true }; }

  componentDidCatch() { this.props.onFailed?.(); }

  render() { return this.state.failed ? null : this.props.children; }
}
