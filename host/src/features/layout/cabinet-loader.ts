// The cabinet's code and the menu's data, fetched ahead of the moment they are needed (design §8:
// login → usable cabinet ≤ 2 s on Slow 4G): on the login screen once the page is idle after its
// first paint, when the user types the password or submits, and at once on a page load that is
// already signed in. The host's own chunks; once signed in the user's registry too, and a remote's
// code only for the area the page opens on (see prefetchRegistry). The registry's module is a chunk
// of its own, apart from the cabinet's, so that the registry is read while the cabinet's code is
// still loading, and not in /login's first paint: a signed-in page preloads it from its first bytes
// (index.html, StartupPreloadPlugin), /login fetches it in its idle time with the cabinet's.
import { getStore, selectCurrentUser, type CurrentUser } from '@portal/shared';

export const loadCabinet = () => import(/* webpackChunkName: "cabinet" */ './cabinet');
const loadRegistry = () => import(/* webpackChunkName: "registry" */ '../remote-loader/registry');

/** Marked once when the prefetch starts, so bench/bundle.ts can tell the first paint's files from it. */
export const PREFETCH_MARK = 'portal:prefetch-cabinet';
let started = false;

/** `user`: who is signed in (null: a visitor on the login screen); by default the page's store says. */
export function prefetchCabinet(user: CurrentUser | null = selectCurrentUser(getStore().getState())) {
  if (!started) {
    started = true;
    performance.mark?.(PREFETCH_MARK);
  }
  void loadCabinet();
  const registry = loadRegistry();
  if (user) {
    const opening = { pathname: window.location.pathname, role: user.role };
    void registry.then(({ prefetchRegistry }) => prefetchRegistry(opening));
  }
}

/** After the page's load event, in the browser's first idle moment (at the latest 2 s later). */
export function prefetchCabinetWhenIdle() {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => prefetchCabinet(), { timeout: 2000 });
    else setTimeout(() => prefetchCabinet(), 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
