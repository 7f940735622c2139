// The order's history: its status changes (the timeline block's entries) and its edits (issue 18
// item 4: who changed which lines, the comment or the document, from what to what), together and
// oldest first, drawn on one antd timeline as the status timeline draws its own.
import Timeline from 'antd/es/timeline';
import { useTranslation, type Order } from '@portal/shared';
import { DateText } from '@portal/shared/ui/format';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText } from '@portal/shared/ui/text';
import { statusChanges } from '../../components/status-history';
import { formatCount } from '../../components/stock-short';

type Edit = NonNullable<Order['edits']>[number];

function EditEntry({ edit }: { edit: Edit }) {
  const { t, language } = useTranslation('orders');
  const count = (value: number) => formatCount(value, language);
  const lines = edit.lines.map((line) => {
    if (line.from === null) return t('orders.edits.added', { name: line.name, quantity: count(line.to ?? 0) });
    if (line.to === null) return t('orders.edits.removed', { name: line.name, quantity: count(line.from) });
    return t('orders.edits.quantity', { name: line.name, from: count(line.from), to: count(line.to) });
  });
  const none = t('orders.edits.none');
  if (edit.comment) lines.push(t('orders.edits.comment', { from: edit.comment.from || none, to: edit.comment.to || none }));
  if (edit.document) lines.push(t('orders.edits.document', { from: edit.document.from ?? none, to: edit.document.to ?? none }));
  return (
    <div data-testid="order-edit">
      <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
        <strong>{t('orders.edits.title')}</strong>
        {edit.who && <MutedText>{edit.who}</MutedText>}
      </span>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {lines.map((text) => <li key={text}>{text}</li>)}
      </ul>
    </div>
  );
}

export function OrderHistory({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const entries = [
    ...statusChanges(order).map((change) => ({ when: change.when, key: `s-${change.when}-${change.to}`, content: (
      <div data-testid="status-change">
        <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
          {change.from && <><StatusTag status={change.from} /><span aria-hidden>→</span></>}
          <StatusTag status={change.to} />
          {change.who && <MutedText>{String(change.who)}</MutedText>}
        </span>
        {change.comment && <p style={{ margin: '4px 0 0' }}>{change.comment}</p>}
      </div>
    ) })),
    ...(order.edits ?? []).map((edit, index) => ({ when: edit.when, key: `e-${edit.when}-${index}`, content: <EditEntry edit={edit} /> })),
  ].sort((a, b) => Date.parse(a.when) - Date.parse(b.when));
  if (!entries.length) return <MutedText>{t('orders.edits.empty')}</MutedText>;
  return (
    <div style={{ maxWidth: 640 }}>
      <Timeline items={entries.map((entry) => ({ key: entry.key, title: <DateText value={entry.when} time />, content: entry.content }))} />
    </div>
  );
}
