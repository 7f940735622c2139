// The kinds of notification mail a user may turn off in the profile (design §6, issue 19 item 4):
// `order_status` (an order of the dealer confirmed, shipped, completed or cancelled),
// `cancellation` (a cancellation request decided; for staff, one arrived), `claim` (a claim's status
// or reply; for staff, a new claim), `newsletter` (a published newsletter), `staff_requests` (staff:
// a registration request arrived). Stored as JSON {kind: bool} on the user; a kind not named is on.
export const NOTIFICATION_KINDS = ['order_status', 'cancellation', 'claim', 'newsletter', 'staff_requests'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type Notifications = Record<NotificationKind, boolean>;

/** Every kind with its state, from the stored JSON; anything unreadable counts as all on. */
export function notificationsOf(stored: string | null | undefined): Notifications {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) saved = parsed as Record<string, unknown>;
  } catch {
    // Left as all on: a mail too many is better than one silently lost.
  }
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, saved[kind] !== false])) as Notifications;
}

/** The stored JSON after `changes` (only known kinds; the API's schema refuses others first). */
export function storedNotifications(before: string | null | undefined, changes: Partial<Notifications>): string {
  return JSON.stringify({ ...notificationsOf(before), ...changes });
}

/** Whether the user wants mail of `kind`. */
export const wants = (stored: string | null | undefined, kind: NotificationKind): boolean => notificationsOf(stored)[kind];
