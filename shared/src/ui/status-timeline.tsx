// An item's status history drawn as its timeline (design §5: every status change is kept, oldest
// first, with from, to, who, when and an optional comment). The newest change is drawn last.
import Timeline from 'antd/es/timeline';
import { DateText } from './format';
import { StatusTag, type StatusOf } from './status-tag';
import { MutedText } from './text';
import { useUiTranslation } from './translations';

export interface StatusChange {
  /** Null for the first status an item gets. */
  from: string | null;
  to: string;
  /** Who made the change: a name, or an id the screen names through `nameOf`. */
  who?: string | number | null;
  /** ISO-8601. */
  when: string;
  comment?: string | null;
}

export interface StatusTimelineProps {
  history: StatusChange[] | null | undefined;
  /** A person's name for an id in `who`. */
  nameOf?(who: string | number): string;
  /** Whose history: the statuses' words agree with the noun (StatusTag's `of`). */
  of?: StatusOf;
}

export function StatusTimeline({ history, nameOf, of }: StatusTimelineProps) {
  const { t } = useUiTranslation();
  if (!history?.length) return <MutedText>{t('timeline.empty')}</MutedText>;
  return (
    <Timeline
      items={history.map((change, index) => ({
        key: `${change.when}-${index}`,
        title: <DateText value={change.when} time />,
        content: (
          <div data-testid="status-change">
            <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
              {change.from && <><StatusTag status={change.from} of={of} /><span aria-hidden>→</span></>}
              <StatusTag status={change.to} of={of} />
              {change.who != null && change.who !== '' && (
                <MutedText>{nameOf && typeof change.who !== 'string' ? nameOf(change.who) : String(change.who)}</MutedText>
              )}
            </span>
            {change.comment && <p style={{ margin: '4px 0 0' }}>{change.comment}</p>}
          </div>
        ),
      }))}
    />
  );
}
