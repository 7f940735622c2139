// The status history an order, a shipment or a deletion request answers with (design §5:
// `history`, oldest first) in the shape the status-timeline block draws. Read defensively: an
// answer without `history` (an API older than the field) draws as «no changes yet», not as an error.
import type { StatusChange } from '@portal/shared/ui/status-timeline';

/** One change as the API gives it. */
export interface HistoryEntry {
  from_status: string | null;
  to_status: string;
  at: string;
  by: { id: number; name: string } | null;
  comment: string | null;
}

function isEntry(value: unknown): value is HistoryEntry {
  const entry = value as HistoryEntry;
  return typeof value === 'object' && value !== null && typeof entry.to_status === 'string' && typeof entry.at === 'string';
}

/** The item's changes for StatusTimeline; empty when the item carries no history. */
export function statusChanges(item: object | null | undefined): StatusChange[] {
  const history = (item as { history?: unknown } | null | undefined)?.history;
  if (!Array.isArray(history)) return [];
  return history.filter(isEntry).map((entry) => ({
    from: entry.from_status ?? null,
    to: entry.to_status,
    who: entry.by?.name ?? null,
    when: entry.at,
    comment: entry.comment ?? null,
  }));
}
