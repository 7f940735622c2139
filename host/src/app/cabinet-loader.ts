// The cabinet's code and the menu's data, fetched ahead of the moment they are needed (design §8:
// login → usable cabinet ≤ 2 s on Slow 4G): on the login screen once the page is idle after its
// first paint, when the user types the password or submits, and at once on a page load that is
// already signed in. Only the host's own chunks and JSON; no remote's code.
export const loadCabinet = () => import('../features/layout/cabinet');

/** Marked once when the prefetch starts, so bench/bundle.ts can tell the first paint's files from it. */
export const PREFETCH_MARK = 'portal:prefetch-cabinet';
let started = false;

export function prefetchCabinet() {
  if (!started) {
    started = true;
    performance.mark?.(PREFETCH_MARK);
  }
  void loadCabinet();
  void import('../features/remote-loader/registry').then((registry) => registry.prefetchRegistry());
}

/** After the page's load event, in the browser's first idle moment (at the latest 2 s later). */
export function prefetchCabinetWhenIdle() {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prefetchCabinet, { timeout: 2000 });
    else setTimeout(prefetchCabinet, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
