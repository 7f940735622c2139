// The status history an order, a shipment or a deletion request answers with (design §5:
// `history`, oldest first; each entry from, to, when, who, comment, the fields the status-timeline
// block draws). Read defensively: an answer without `history` (a server older than the field)
// draws as «no changes yet», never as an error.
import type { StatusChange } from '@portal/shared/ui/status-timeline';

function isChange(value: unknown): value is StatusChange {
  const change = value as StatusChange;
  return typeof value === 'object' && value !== null && typeof change.to === 'string' && typeof change.when === 'string';
}

/** The item's changes for StatusTimeline; empty when the item carries no history. */
export function statusChanges(item: object | null | undefined): StatusChange[] {
  const history = (item as { history?: unknown } | null | undefined)?.history;
  if (!Array.isArray(history)) return [];
  return history.filter(isChange).map(({ from, to, when, who, comment }) => ({ from: from ?? null, to, when, who: who ?? null, comment: comment || null }));
}
