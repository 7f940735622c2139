// What waits for the user, on the menu entries that ask for it (MenuEntry.count, contract 2.1): the
// `count` of an API list, e.g. the new registration requests. Asked with the smallest page when the
// menu is drawn, again on each move to another screen (a request just decided is no longer counted
// when the user goes on) and once a minute; an answer that fails leaves the entry without a number.
import { useEffect, useState } from 'react';
import { apiClient, type Paginated } from '@portal/shared';
import { apiPath } from '../home/widgets';
import type { PlacedEntry } from './menu-entries';

export const COUNT_REFRESH_MS = 60_000;

/** The counts of the entries that have one, by the entry's full path (`to`). */
export function useMenuCounts(entries: PlacedEntry[], pathname: string): Record<string, number> {
  const [counts, setCounts] = useState<Record<string, number>>({});
  // Only the portal's own API: a count elsewhere is not asked (the gate refuses one too).
  const counted = entries.filter((entry) => entry.count && apiPath(entry.count));
  const paths = counted.map((entry) => `${entry.to} ${entry.count}`).join('\n');

  useEffect(() => {
    if (!paths) return undefined;
    const controller = new AbortController();
    const ask = () => {
      for (const line of paths.split('\n')) {
        const [to, path] = line.split(' ');
        apiClient.get<Paginated<unknown>>(path, { params: { page_size: 1 }, signal: controller.signal }).then(
          ({ data }) => setCounts((current) => (current[to] === data.count ? current : { ...current, [to]: data.count })),
          () => undefined,
        );
      }
    };
    ask();
    const timer = setInterval(ask, COUNT_REFRESH_MS);
    return () => { controller.abort(); clearInterval(timer); };
  }, [paths, pathname]);

  return counts;
}

/** An entry's label with its count, read out as «…, новых: 3» and drawn as a small pill. */
export function CountedLabel({ label, count, spoken }: { label: string; count?: number; spoken: string }) {
  if (!count) return <>{label}</>;
  return (
    // The label gives way (an ellipsis) in a narrow sidebar; the number never does.
    <span style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{label}</span>
      <span data-testid="menu-count" aria-hidden style={{ flexShrink: 0, minWidth: 20, padding: '0 6px', borderRadius: 10, background: '#cf1322', color: '#fff', fontSize: 12, lineHeight: '20px', textAlign: 'center' }}>
        {count > 99 ? '99+' : count}
      </span>
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>{spoken}</span>
    </span>
  );
}
