// The lifecycles of design §5 as data: the one-step transitions each status allows. Anything else,
// including a jump over a step, answers 409; "changing" to the same status is no change. The
// schemas of status fields and filters are made from them too, so the OpenAPI document (and the
// portal's types generated from it) lists exactly these statuses.
import { Type, type TEnum } from 'typebox';
import { ApiError } from './api-error';

export const lifecycles = {
  orders: { new: ['confirmed', 'cancelled'], confirmed: ['shipped', 'cancelled'], shipped: ['completed'], completed: [], cancelled: [] },
  regreq: { new: ['approved', 'rejected'], approved: [], rejected: [] },
  orderdelreq: { pending: ['approved', 'rejected'], approved: [], rejected: [] },
  shippings: { preparing: ['in_transit'], in_transit: ['delivered'], delivered: [] },
  claims: { new: ['in_review'], in_review: ['accepted', 'rejected'], accepted: ['closed'], rejected: ['closed'], closed: [] },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type Lifecycle = keyof typeof lifecycles;
/** The statuses of a lifecycle, e.g. Status<'orders'> = 'new' | 'confirmed' | …. */
export type Status<L extends Lifecycle> = Extract<keyof (typeof lifecycles)[L], string>;

/** The statuses of a lifecycle, as the schema of a `status` field or filter. */
export function statusSchema<L extends Lifecycle>(lifecycle: L): TEnum<Array<Status<L>>> {
  const statuses = Object.keys(lifecycles[lifecycle]) as Array<Status<L>>;
  // One `enum` (not a union of literals): the OpenAPI document shows it as one list of values.
  return Type.Enum(statuses, { type: 'string' });
}

/** Throws 409 unless `to` is `from` or one step after it. */
export function checkTransition(lifecycle: Lifecycle, from: string, to: string): void {
  if (from === to) return;
  const steps: Record<string, readonly string[]> = lifecycles[lifecycle];
  const next = Object.hasOwn(steps, from) ? steps[from] : [];
  if (!next.includes(to)) throw new ApiError(409, 'status_transition', { status: ['status_transition'] });
}

/**
 * The steps from `from` to `to`, one transition each, the fewest there are (among equals, the first
 * in the table's order); empty when they are the same status. Throws when `to` cannot be reached.
 */
export function stepsBetween<L extends Lifecycle>(lifecycle: L, from: Status<L>, to: Status<L>): Array<Status<L>> {
  const steps: Record<string, readonly string[]> = lifecycles[lifecycle];
  const cameFrom = new Map<string, string | null>([[from, null]]);
  for (const at of cameFrom.keys()) {
    if (at === to) break;
    for (const next of steps[at]) if (!cameFrom.has(next)) cameFrom.set(next, at);
  }
  if (!cameFrom.has(to)) throw new Error(`${lifecycle}: ${to} cannot follow ${from}`);
  const path: Array<Status<L>> = [];
  for (let at: string | null | undefined = to; at !== from && at; at = cameFrom.get(at)) path.unshift(at as Status<L>);
  return path;
}

/** The steps a row of the lifecycle passes from its first status (the table's first) to `to`. */
export function stepsTo<L extends Lifecycle>(lifecycle: L, to: Status<L>): Array<Status<L>> {
  return stepsBetween(lifecycle, Object.keys(lifecycles[lifecycle])[0] as Status<L>, to);
}
