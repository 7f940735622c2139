// The home's widgets as data (design §3, contract 2.2): each remote's published `widgets`, placed for
// the user. The host knows no remote by name: which widgets a role sees and where their items lead
// come from the registry's data.
import type { CurrentUser, HomeWidget } from '@portal/shared';
import type { RemoteSlot } from '../remote-loader/remotes-context';

/** A widget with the remote that published it. */
export interface PlacedWidget extends HomeWidget { remote: string }

/** How many items a widget shows. */
export const WIDGET_ITEMS = 5;

/**
 * Whether `path` is a path of this site: one `/` and then not another `/` or `\`, which a browser
 * would read as another site (`//evil.example/`, `/\evil.example/`). The gate refuses such links
 * (shared/schemas/menu.schema.json); the host follows no other either (issue 30 item 4).
 */
export const sitePath = (path: string): boolean => /^\/(?![/\\])/.test(path);

/** Whether `path` is one of the portal's API paths, which a widget or a menu count may read. */
export const apiPath = (path: string): boolean => /^\/api\/(?![/\\])/.test(path);

/** A widget's items as its source answers them: any fields, read by the names in `fields`. */
export type WidgetItem = Record<string, unknown>;

/** The widgets the user's role sees, in registry order. */
export function widgetsFor(remotes: RemoteSlot[], user: CurrentUser | null): PlacedWidget[] {
  if (!user) return [];
  return remotes.flatMap((r) => (r.menu.state !== 'ready' ? [] : (r.widgets ?? [])
    .filter((w) => w.roles.includes(user.role))
    .map((w) => ({ ...w, remote: r.name }))));
}

/** A placed widget's key on the home: its remote and its own key. */
export const widgetKey = (widget: PlacedWidget): string => `${widget.remote}-${widget.key}`;

/** An item's link: every `:field` of the pattern replaced by the item's value (`/orders/:id` → `/orders/7`). */
export function itemLink(pattern: string, item: WidgetItem): string {
  return pattern.replace(/:([a-z_]+)/g, (whole, name: string) => {
    const value = item[name];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : whole;
  });
}

/** A field's value as text ('' when absent); `subtitle` may name several fields, «a,b», shown joined. */
export function fieldText(item: WidgetItem, names: string | undefined): string {
  if (!names) return '';
  return names.split(',').map((name) => item[name.trim()]).filter((v) => v !== null && v !== undefined && v !== '')
    .map((v) => (typeof v === 'object' ? '' : String(v))).filter(Boolean).join(' · ');
}

/** How long something has waited, as the unit and number the words need («ждёт 3 дня»). */
export function waited(since: string | undefined, now: number): { unit: 'moment' | 'minutes' | 'hours' | 'days'; count: number } | null {
  const at = since ? Date.parse(since) : NaN;
  if (Number.isNaN(at)) return null;
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (minutes < 1) return { unit: 'moment', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}
