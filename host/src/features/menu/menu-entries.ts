// The menu the user sees, drawn from the remotes' published entries (design §3): the host knows no
// remote by name; roles, paths and what opens before the agreement all come from the data.
import type { CurrentUser, MenuEntry } from '@portal/shared';
import type { RemoteSlot } from '../remote-loader/remotes-context';

/** An entry placed in the portal: `to` is the full path, `remote` the remote that draws it. */
export interface PlacedEntry extends MenuEntry { remote: string; to: string }

export const joinPath = (base: string, path: string) => `${base}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** A dealer who has not signed the agreement sees the contract screen and the entries marked beforeContract. */
export const needsContract = (user: CurrentUser | null) => !!user && user.role === 'dealer' && !user.contract_signed;

const under = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Every published entry the user's role may see, in registry order. */
export function entriesFor(remotes: RemoteSlot[], user: CurrentUser | null): PlacedEntry[] {
  if (!user) return [];
  return remotes.flatMap((r) => (r.menu.state !== 'ready' ? [] : r.menu.entries
    .filter((m) => m.roles.includes(user.role))
    .map((m) => ({ ...m, remote: r.name, to: joinPath(r.basePath, m.path) }))));
}

/** The entry a path belongs to: the longest one whose path it is, or lies under. */
export function entryAt(entries: PlacedEntry[], pathname: string): PlacedEntry | undefined {
  return entries.filter((m) => under(pathname, m.to)).sort((a, b) => b.to.length - a.to.length)[0];
}

/** What an unsigned dealer may open besides the agreement: the entries marked beforeContract. */
export const opensBeforeContract = (entries: PlacedEntry[], pathname: string) => !!entryAt(entries, pathname)?.beforeContract;

export const labelOf = (entry: MenuEntry, language: string) => (language === 'en' ? entry.label.en : entry.label.ru);
