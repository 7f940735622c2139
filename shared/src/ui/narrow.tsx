// A phone or a small tablet (below 768 px, antd's `md`): the host's sidebar becomes a drawer and its
// header keeps only the menu button, the cart and the user menu; a list (ResourceList) shows its rows
// as cards. Followed live, as the window turns.
import { useSyncExternalStore } from 'react';

export const NARROW_QUERY = '(max-width: 767.98px)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True while the window is narrower than 768 px; a browser without matchMedia is wide. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
