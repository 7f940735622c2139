// The cabinet's code and the menu's data, fetched ahead of the moment they are needed (design §8:
// login → usable cabinet ≤ 2 s on Slow 4G): on the login screen once the page is idle after its
// first paint, when the user types the password or submits, and at once on a page load that is
// already signed in. The host's own chunks; once signed in the user's registry too, and a remote's
// code only for the area the page opens on (see prefetchRegistry). The registry module is in this
// chunk, not the cabinet's, so that the registry is read while the cabinet's code is still loading.
import { getStore, selectCurrentUser, type CurrentUser } from '@portal/shared';
import { prefetchRegistry } from '../remote-loader/registry';

export const loadCabinet = () => import(/* webpackChunkName: "cabinet" */ './cabinet');

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
  if (user) prefetchRegistry({ pathname: window.location.pathname, role: user.role });
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
