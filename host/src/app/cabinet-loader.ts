// The cabinet's code and the menu's data, fetched ahead of the moment they are needed: when the
// user starts to sign in, and at once on a page load that is already signed in (design §8: login →
// usable cabinet ≤ 2 s on Slow 4G). Only the host's own chunk and JSON; no remote's code.
export const loadCabinet = () => import('../features/layout/cabinet');

export function prefetchCabinet() {
  void loadCabinet();
  void import('../features/remote-loader/registry').then((registry) => registry.prefetchRegistry());
}
