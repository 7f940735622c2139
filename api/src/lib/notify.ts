// Notification mail (issue 19 item 4, design §6): who gets a kind of mail and the mails themselves.
// A dealer's orders, cancellation requests and claims mail the dealer's active users; what arrives
// for staff (a registration request, a cancellation request, a claim) mails the active managers and
// admins; a published newsletter mails the dealer users of its audience, once each
// (`newsletter_deliveries`, migration 0023). Each recipient may have turned the kind off in the
// profile (lib/notifications.ts), gets the mail in the profile's language, and is never the user
// whose own action caused it. Every mail says why it was sent and links to the screen (design §13).
// Mail goes through the write's `afterCommit`: a refused or failed write mails nothing, and the
// mailer keeps what it cannot send in its outbox.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { nowIso } from '../db/dialect';
import { VALUE_WORDS } from './csv';
import type { Mail } from './mailer';
import type { Language } from './messages';
import { wants, type NotificationKind } from './notifications';

export interface Recipient {
  id: number;
  email: string;
  language: Language;
}

/** What a notification hook needs: the write's transaction, its after-commit mail, the portal's address and who acted. */
export interface Notifier {
  trx: Kysely<Database>;
  afterCommit(mail: Mail): void;
  publicUrl: string;
  /** The user whose action this is (never mailed about it); null for a visitor. */
  actor: number | null;
}

/** A notifier from an area write's context (lib/area.ts `WriteContext`). */
export const notifierOf = (ctx: { trx: Kysely<Database>; afterCommit(mail: Mail): void; request: { server: { config: { publicUrl: string } } }; user: { user_id: number } | null }): Notifier => ({
  trx: ctx.trx, afterCommit: (mail) => ctx.afterCommit(mail), publicUrl: ctx.request.server.config.publicUrl, actor: ctx.user?.user_id ?? null,
});

/** A newsletter's mails are inserted and mailed this many at a time. */
export const NEWSLETTER_BATCH = 100;

type Words = Record<Language, string>;
const w = (ru: string, en: string): Words => ({ ru, en });

/** One notification, in both languages; `recipient` chooses. */
export interface Notice {
  kind: NotificationKind;
  subject: Words;
  /** The mail's lines between the greeting and the link. */
  lines: Record<Language, string[]>;
  /** Other screens the mail names, each on a line of its own before the main link. */
  links?: Array<{ label: Words; path: string }>;
  /** The screen's path in the portal (design §13), e.g. `/orders/12`. */
  path: string;
  /** Why the recipient gets it: «…, потому что <why>». */
  why: Words;
}

/** The mail of a notice to one recipient, in the recipient's language. */
export function noticeMail(recipient: Recipient, notice: Notice, publicUrl: string): Mail {
  const en = recipient.language === 'en';
  const link = `${publicUrl}${notice.path}`;
  const profile = `${publicUrl}/profile`;
  const links = (notice.links ?? []).map((l) => `${l.label[recipient.language]}: ${publicUrl}${l.path}`);
  const lines = [...notice.lines[recipient.language], ...(links.length ? ['', ...links] : [])].join('\n');
  const text = en
    ? `Hello,\n\n${lines}\n\nOpen in the portal: ${link}\n\n-- \nYou received this mail because ${notice.why.en}. You can turn such mails off in your profile: ${profile}\n`
    : `Здравствуйте!\n\n${lines}\n\nОткрыть в портале: ${link}\n\n-- \nВы получили это письмо, потому что ${notice.why.ru}. Отключить такие письма можно в профиле: ${profile}\n`;
  return { to: recipient.email, subject: notice.subject[recipient.language], text };
}

interface UserRow { id: number; email: string; language: string | null; notifications: string | null }

/** The rows who want `kind`, each with its language (none set: Russian), without the actor. */
function wanting(rows: UserRow[], kind: NotificationKind, actor: number | null): Recipient[] {
  return rows.filter((row) => row.id !== actor && wants(row.notifications, kind))
    .map((row) => ({ id: row.id, email: row.email, language: row.language === 'en' ? 'en' : 'ru' }));
}

const activeUsers = (db: Kysely<Database>) => db.selectFrom('users')
  .select(['users.id', 'users.email', 'users.language', 'users.notifications']).where('users.is_active', '=', true);

/** The active users of an active dealer who want `kind`. */
export async function dealerRecipients(db: Kysely<Database>, dealerId: number, kind: NotificationKind, actor: number | null): Promise<Recipient[]> {
  const rows = await activeUsers(db).innerJoin('dealers', 'dealers.id', 'users.dealer_id')
    .where('users.role', '=', 'dealer').where('users.dealer_id', '=', dealerId).where('dealers.is_active', '=', true)
    .orderBy('users.id').execute();
  return wanting(rows, kind, actor);
}

/** The active managers and admins who want `kind`. */
export async function staffRecipients(db: Kysely<Database>, kind: NotificationKind, actor: number | null): Promise<Recipient[]> {
  const rows = await activeUsers(db).where('users.role', 'in', ['manager', 'admin']).orderBy('users.id').execute();
  return wanting(rows, kind, actor);
}

/** The active dealer users of a newsletter's audience (a group's active dealers; null: every active dealer) who want newsletters. */
export async function audienceRecipients(db: Kysely<Database>, groupId: number | null): Promise<Recipient[]> {
  let query = activeUsers(db).innerJoin('dealers', 'dealers.id', 'users.dealer_id')
    .where('users.role', '=', 'dealer').where('dealers.is_active', '=', true);
  if (groupId !== null) query = query.where('dealers.group_id', '=', groupId);
  return wanting(await query.orderBy('users.id').execute(), 'newsletter', null);
}

/** Mails the notice to the dealer's users who want it, after the commit. */
export async function notifyDealer(n: Notifier, dealerId: number, notice: Notice): Promise<void> {
  for (const recipient of await dealerRecipients(n.trx, dealerId, notice.kind, n.actor)) n.afterCommit(noticeMail(recipient, notice, n.publicUrl));
}

/** Mails the notice to the staff who want it, after the commit. */
export async function notifyStaff(n: Notifier, notice: Notice): Promise<void> {
  for (const recipient of await staffRecipients(n.trx, notice.kind, n.actor)) n.afterCommit(noticeMail(recipient, notice, n.publicUrl));
}

/**
 * A published newsletter to its audience: each user's delivery is inserted (or ignored when it is
 * there already) in the write's transaction, a batch at a time, and only the rows this publish
 * inserted are mailed, after the commit. A second publish, or one racing this one, mails nobody
 * twice: the database's unique pair decides.
 */
export async function deliverNewsletter(n: Notifier, newsletter: { id: number; title: string; body: string; audience_group_id: number | null }): Promise<number> {
  const recipients = await audienceRecipients(n.trx, newsletter.audience_group_id);
  const notice = newsletterNotice(newsletter);
  const now = nowIso();
  let mailed = 0;
  for (let start = 0; start < recipients.length; start += NEWSLETTER_BATCH) {
    const batch = recipients.slice(start, start + NEWSLETTER_BATCH);
    const inserted = await n.trx.insertInto('newsletter_deliveries')
      .values(batch.map((r) => ({ newsletter_id: newsletter.id, user_id: r.id, mailed_at: now })))
      .onConflict((oc) => oc.columns(['newsletter_id', 'user_id']).doNothing())
      .returning('user_id').execute();
    const fresh = new Set(inserted.map((row) => row.user_id));
    for (const recipient of batch.filter((r) => fresh.has(r.id))) n.afterCommit(noticeMail(recipient, notice, n.publicUrl));
    mailed += fresh.size;
  }
  return mailed;
}

// The notices. Russian first; the words of statuses are those of the lists (lib/csv.ts).

const DEALER_ORDERS = w('это заказ вашей компании, а у вас включены письма о статусе заказов', 'this is an order of your company and you get mail about order statuses');

export type NotifiedOrderStatus = 'confirmed' | 'shipped' | 'completed' | 'cancelled';

const ORDER_EVENT: Record<NotifiedOrderStatus, Words> = {
  confirmed: w('подтверждён', 'has been confirmed'),
  shipped: w('отгружен', 'has been shipped'),
  completed: w('выполнен', 'has been completed'),
  cancelled: w('отменён', 'has been cancelled'),
};

export interface Parcel {
  carrier: string;
  tracking_number: string;
  /** The name of the waybill (the parcel's document), if it has one. */
  document_name: string | null;
}

/** An order of the dealer confirmed, shipped (with the parcel that shipped it), completed or cancelled. */
export function orderStatusNotice(order: { id: number; number: string }, status: NotifiedOrderStatus, details: { comment?: string; parcel?: Parcel } = {}): Notice {
  const path = `/orders/${order.id}`;
  const lines: Record<Language, string[]> = {
    ru: [`Заказ № ${order.number} ${ORDER_EVENT[status].ru}.`],
    en: [`Order No. ${order.number} ${ORDER_EVENT[status].en}.`],
  };
  const { parcel } = details;
  if (parcel) {
    lines.ru.push('', `Перевозчик: ${parcel.carrier || 'не указан'}`, `Трек-номер: ${parcel.tracking_number || 'не указан'}`);
    lines.en.push('', `Carrier: ${parcel.carrier || 'not given'}`, `Tracking number: ${parcel.tracking_number || 'not given'}`);
  }
  const comment = details.comment?.trim();
  if (comment) {
    lines.ru.push('', `Комментарий: ${comment}`);
    lines.en.push('', `Comment: ${comment}`);
  }
  // The waybill is downloaded from the order's page, where its parcels are (each with «Скачать»).
  const waybill = parcel?.document_name
    ? [{ label: w(`Накладная «${parcel.document_name}» (скачать на странице заказа)`, `Waybill "${parcel.document_name}" (download it on the order's page)`), path }]
    : [];
  return {
    kind: 'order_status',
    subject: w(`Заказ № ${order.number} ${ORDER_EVENT[status].ru}`, `Order No. ${order.number} ${ORDER_EVENT[status].en}`),
    lines, links: waybill, path, why: DEALER_ORDERS,
  };
}

const STAFF_CANCELLATIONS = w('вы сотрудник портала, а у вас включены письма о запросах на отмену', 'you are on the portal\'s staff and you get mail about cancellation requests');
const DEALER_CANCELLATIONS = w('это запрос на отмену заказа вашей компании, а у вас включены письма о запросах на отмену', 'this is a cancellation request for an order of your company and you get mail about cancellation requests');

/** A dealer asked to cancel an order (to staff). */
export function cancellationRequestedNotice(request: { order_number: string; dealer_name: string; reason: string }): Notice {
  return {
    kind: 'cancellation',
    subject: w(`Запрос на отмену заказа № ${request.order_number}`, `Cancellation request for order No. ${request.order_number}`),
    lines: {
      ru: [`Дилер «${request.dealer_name}» просит отменить заказ № ${request.order_number}.`, '', `Причина: ${request.reason}`],
      en: [`Dealer "${request.dealer_name}" asks to cancel order No. ${request.order_number}.`, '', `Reason: ${request.reason}`],
    },
    path: '/orders/deletion-requests',
    why: STAFF_CANCELLATIONS,
  };
}

/** A cancellation request decided (to the dealer). */
export function cancellationDecidedNotice(request: { order_id: number; order_number: string }, status: 'approved' | 'rejected', comment?: string): Notice {
  const approved = status === 'approved';
  const lines: Record<Language, string[]> = approved
    ? { ru: [`Запрос на отмену заказа № ${request.order_number} одобрен: заказ отменён.`], en: [`The cancellation request for order No. ${request.order_number} has been approved: the order is cancelled.`] }
    : { ru: [`Запрос на отмену заказа № ${request.order_number} отклонён: заказ остаётся в работе.`], en: [`The cancellation request for order No. ${request.order_number} has been declined: the order stays in progress.`] };
  if (comment?.trim()) {
    lines.ru.push('', `Комментарий: ${comment.trim()}`);
    lines.en.push('', `Comment: ${comment.trim()}`);
  }
  return {
    kind: 'cancellation',
    subject: approved
      ? w(`Заказ № ${request.order_number} отменён по вашему запросу`, `Order No. ${request.order_number} cancelled as you asked`)
      : w(`Запрос на отмену заказа № ${request.order_number} отклонён`, `Cancellation of order No. ${request.order_number} declined`),
    lines,
    path: `/orders/${request.order_id}`,
    why: DEALER_CANCELLATIONS,
  };
}

const STAFF_CLAIMS = w('вы сотрудник портала, а у вас включены письма о претензиях', 'you are on the portal\'s staff and you get mail about claims');
const DEALER_CLAIMS = w('это претензия вашей компании, а у вас включены письма о претензиях', 'this is a claim of your company and you get mail about claims');

export interface ClaimFacts {
  id: number;
  order_number: string;
  product_name: string;
}

/** A new claim (to staff). */
export function claimCreatedNotice(claim: ClaimFacts & { dealer_name: string; quantity: number; reason: string; description: string }): Notice {
  const reason = VALUE_WORDS['claims.reason'][claim.reason] ?? w(claim.reason, claim.reason);
  return {
    kind: 'claim',
    subject: w(`Новая претензия по заказу № ${claim.order_number}`, `New claim on order No. ${claim.order_number}`),
    lines: {
      ru: [`Дилер «${claim.dealer_name}» подал претензию по заказу № ${claim.order_number}.`, '', `Товар: ${claim.product_name}`, `Количество: ${claim.quantity}`, `Причина: ${reason.ru}`, ...(claim.description ? [`Описание: ${claim.description}`] : [])],
      en: [`Dealer "${claim.dealer_name}" has filed a claim on order No. ${claim.order_number}.`, '', `Product: ${claim.product_name}`, `Quantity: ${claim.quantity}`, `Reason: ${reason.en}`, ...(claim.description ? [`Description: ${claim.description}`] : [])],
    },
    path: `/admin/claims/${claim.id}`,
    why: STAFF_CLAIMS,
  };
}

/** A claim of the dealer moved to another status (to the dealer). */
export function claimStatusNotice(claim: ClaimFacts, status: string, resolution: string): Notice {
  const word = VALUE_WORDS['claims.status'][status] ?? w(status, status);
  const lines: Record<Language, string[]> = {
    ru: [`Претензия по заказу № ${claim.order_number} (${claim.product_name}): новый статус «${word.ru}».`],
    en: [`Your claim on order No. ${claim.order_number} (${claim.product_name}) is now "${word.en}".`],
  };
  if (resolution.trim()) {
    lines.ru.push('', `Решение: ${resolution.trim()}`);
    lines.en.push('', `Resolution: ${resolution.trim()}`);
  }
  return {
    kind: 'claim',
    subject: w(`Претензия по заказу № ${claim.order_number}: ${word.ru}`, `Claim on order No. ${claim.order_number}: ${word.en}`),
    lines, path: `/admin/claims/${claim.id}`, why: DEALER_CLAIMS,
  };
}

/** Staff answered in a claim's conversation (to the dealer; never for an internal note). */
export function claimReplyNotice(claim: ClaimFacts, body: string): Notice {
  return {
    kind: 'claim',
    subject: w(`Ответ по претензии к заказу № ${claim.order_number}`, `Reply to your claim on order No. ${claim.order_number}`),
    lines: {
      ru: [`По претензии к заказу № ${claim.order_number} (${claim.product_name}) пришёл ответ:`, '', body],
      en: [`There is a reply to your claim on order No. ${claim.order_number} (${claim.product_name}):`, '', body],
    },
    path: `/admin/claims/${claim.id}`,
    why: DEALER_CLAIMS,
  };
}

/** A registration request arrived (to staff). */
export function registrationNotice(request: { id: number; company_name: string; tax_id: string; contact_name: string; email: string; phone: string }): Notice {
  return {
    kind: 'staff_requests',
    subject: w(`Заявка на регистрацию: ${request.company_name}`, `Registration request: ${request.company_name}`),
    lines: {
      ru: [`Новая заявка на регистрацию дилера «${request.company_name}».`, '', `ИНН: ${request.tax_id}`, `Контакт: ${request.contact_name}, ${request.email}, ${request.phone}`],
      en: [`A new dealer registration request from "${request.company_name}".`, '', `Tax ID: ${request.tax_id}`, `Contact: ${request.contact_name}, ${request.email}, ${request.phone}`],
    },
    path: `/dealers/registrations/${request.id}`,
    why: w('вы сотрудник портала, а у вас включены письма о заявках на регистрацию', 'you are on the portal\'s staff and you get mail about registration requests'),
  };
}

/** A published newsletter (to its audience). */
export function newsletterNotice(newsletter: { id: number; title: string; body: string }): Notice {
  return {
    kind: 'newsletter',
    subject: w(newsletter.title, newsletter.title),
    lines: { ru: [newsletter.title, '', newsletter.body], en: [newsletter.title, '', newsletter.body] },
    path: `/comms/news/${newsletter.id}`,
    why: w('ваша компания входит в аудиторию этой рассылки, а у вас включены письма с новостями', 'your company is in this newsletter\'s audience and you get newsletters by mail'),
  };
}
