// The choices a form or a filter offers (every dealer, every group, ...), read once and kept a
// minute, so that eight screens asking for the dealers ask the API once. A save through an area of
// the same path forgets them (crud-area), so a new group is in the next form's list at once.
import type { ListParams } from './crud-area';

/** How long a read of choices is reused. */
export const CHOICES_TTL_MS = 60_000;

interface Entry {
  at: number;
  answer: Promise<unknown>;
}

const entries = new Map<string, Entry>();

const keyOf = (path: string, params: ListParams, who: string) => `${who} ${path} ${JSON.stringify(params)}`;

/** The answer for `path` with `params`, asked through `ask` unless a read younger than a minute is kept; a failed read is not kept. */
export function cachedChoices<T>(path: string, params: ListParams, who: string, ask: () => Promise<T>, now = Date.now()): Promise<T> {
  const key = keyOf(path, params, who);
  const kept = entries.get(key);
  if (kept && now - kept.at < CHOICES_TTL_MS) return kept.answer as Promise<T>;
  const answer = ask();
  entries.set(key, { at: now, answer });
  answer.catch(() => { if (entries.get(key)?.answer === answer) entries.delete(key); });
  return answer;
}

/** Forgets every kept read of `path` (after a save there), whatever its params. */
export function forgetChoices(path: string): void {
  const base = path.split('?')[0];
  for (const key of entries.keys()) {
    if (key.split(' ')[1]?.split('?')[0] === base) entries.delete(key);
  }
}
