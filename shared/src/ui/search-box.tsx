// The lists' search box: a plain <input type="search"> in antd's look (plain-field.css), a `searchbox`
// for assistive technology and for the end-to-end tests (design §13), that tells its list after the user pauses typing, or at
// once on Enter. It follows the address too: back to an earlier search shows that search's text.
import { useEffect, useRef, useState } from 'react';
import { useUiTranslation } from './translations';
import './plain-field.css';

export const SEARCH_DEBOUNCE_MS = 400;

export interface SearchBoxProps {
  value: string;
  onSearch(value: string): void;
  /** Its accessible name and placeholder; «Поиск» by default. */
  label?: string;
  debounceMs?: number;
}

export function SearchBox({ value, onSearch, label, debounceMs = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  const { t } = useUiTranslation();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const sent = useRef(value);

  // The address changed under the box (back, forward, a link): show what is searched now. The echo
  // of the box's own search is left alone, or it would wipe what was typed since.
  useEffect(() => {
    if (value !== sent.current) setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  const schedule = (next: string, delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      sent.current = next.trim();
      latest.current(next);
    }, delay);
  };

  return (
    <input
      type="search"
      className="pf pf-search"
      aria-label={label ?? t('list.search')}
      placeholder={label ?? t('list.search')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        // Emptied (the browser's own cross, or every letter deleted) applies at once; typing waits for a pause.
        schedule(event.target.value, event.target.value === '' ? 0 : debounceMs);
      }}
      onKeyDown={(event) => { if (event.key === 'Enter') schedule(text, 0); }}
    />
  );
}
