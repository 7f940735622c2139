// Newsletters, their one home (design §4-5). Staff manage drafts and published items, for every
// dealer or one dealer group (/api/newsletters/). Dealers read them as news (/api/news/): published
// newsletters for every dealer or for the dealer's own group; another group's item or a draft is 404.
// Staff may read every published item there too. Both lists order and search alike; news has no
// POST, PUT or DELETE route: opening an item only marks it read for the caller (`read`, `unread=true`).
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import type { NewslettersTable } from '../db/tables/newsletters';
import { nowIso, toBool, toIso } from '../db/dialect';
import { datesBetween, defineArea } from '../lib/area';
import { deliverNewsletter, notifierOf } from '../lib/notify';
import type { AccessClaims } from '../lib/tokens';
import { Nullable, RowId, Text, Timestamp } from '../schemas/common';

export const NewsletterSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Markdown. */
  body: Type.String(),
  /** Null: every dealer; otherwise one dealer group id. */
  audience: Nullable(Type.Integer()),
  published: Type.Boolean(),
  published_at: Nullable(Timestamp),
  created_at: Timestamp,
});

export type Newsletter = Static<typeof NewsletterSchema>;

export function toNewsletter(row: Selectable<NewslettersTable>): Newsletter {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    audience: row.audience_group_id,
    published: toBool(row.published),
    published_at: toIso(row.published_at),
    created_at: toIso(row.created_at),
  };
}

/** How newsletters are ordered and searched, in news and in the staff's area alike. */
export const newsletterOrdering = {
  orderable: {
    id: 'newsletters.id',
    title: 'newsletters.title',
    published_at: 'newsletters.published_at',
    created_at: 'newsletters.created_at',
  },
  nullable: ['newsletters.published_at'],
  defaultOrdering: '-published_at',
  searchable: ['newsletters.title', 'newsletters.body'],
} as const satisfies {
  orderable: Record<string, `newsletters.${keyof NewslettersTable & string}`>;
  nullable: readonly string[];
  defaultOrdering: string;
  searchable: ReadonlyArray<`newsletters.${keyof NewslettersTable & string}`>;
};

/** Newsletters as staff manage them. */
export const newsletters = defineArea({
  area: 'newsletters',
  path: '/newsletters/',
  table: 'newsletters',
  item: NewsletterSchema,
  select: (db: Kysely<Database>) => db.selectFrom('newsletters').selectAll('newsletters'),
  filters: {
    published: { schema: Type.Boolean(), column: 'newsletters.published' },
    audience: { schema: RowId, column: 'newsletters.audience_group_id' },
  },
  ...newsletterOrdering,
  toItem: toNewsletter,
  body: {
    title: Text(300),
    /** Markdown; the portal renders it without raw HTML. */
    body: Type.String({ maxLength: 100_000 }),
    audience: Nullable(RowId),
    published: Type.Boolean(),
  },
  async create(ctx) {
    const { trx, body } = ctx;
    const now = nowIso();
    const row = await trx.insertInto('newsletters').values({
      title: body.title.trim(), body: body.body, audience_group_id: body.audience, published: body.published,
      published_at: body.published ? now : null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    // Published: mailed to its audience, each user once (lib/notify.ts).
    if (body.published) await deliverNewsletter(notifierOf(ctx), { id: row.id, title: body.title.trim(), body: body.body, audience_group_id: body.audience });
    return row.id;
  },
  remove: 'row',
  async update(ctx, current) {
    const { trx, body } = ctx;
    // Publishing stamps the time once; a withdrawn item loses it.
    const publishedAt = body.published ? (current.published_at ?? nowIso()) : null;
    await trx.updateTable('newsletters').set({
      title: body.title.trim(), body: body.body, audience_group_id: body.audience, published: body.published,
      published_at: toIso(publishedAt),
    }).where('id', '=', current.id).execute();
    if (body.published && !toBool(current.published)) {
      await deliverNewsletter(notifierOf(ctx), { id: current.id, title: body.title.trim(), body: body.body, audience_group_id: body.audience });
    }
  },
});

/** A news item as its reader gets it: the newsletter and whether this reader has opened it. */
export const NewsSchema = Type.Object({ ...NewsletterSchema.properties, read: Type.Boolean() });

/** Whether the user has opened the newsletter (`news_reads`, migration 0024): the item's `read` and the `unread` filter. */
const readBy = (user: AccessClaims | null) => sql<SqlBool>`exists (select 1 from news_reads
  where news_reads.newsletter_id = newsletters.id and news_reads.user_id = ${user?.user_id ?? -1})`;

/**
 * News as dealers read it: the published newsletters for them, each `read` or not by the caller;
 * opening one marks it read (only once: a kept list changes only when something was read anew).
 */
export const news = defineArea({
  area: 'news',
  path: '/news/',
  table: 'newsletters',
  item: NewsSchema,
  select: (db: Kysely<Database>, user: AccessClaims | null) => db.selectFrom('newsletters').selectAll('newsletters')
    .select(readBy(user).as('read'))
    .where('newsletters.published', '=', true),
  own: (query, user) => query.where((eb) => eb.or([
    eb('newsletters.audience_group_id', 'is', null),
    eb('newsletters.audience_group_id', 'in', eb.selectFrom('dealers').select('dealers.group_id').where('dealers.id', '=', user.dealer ?? -1)),
  ])),
  filters: {
    ...datesBetween('newsletters.published_at', 'published'),
    /** true: only what the caller has not opened yet; false: only what they have. */
    unread: {
      schema: Type.Boolean({ description: 'true: only the items the caller has not opened yet; false: only those they have.' }),
      column: 'newsletters.id',
      condition: (_column, value, { user }) => (value ? sql<SqlBool>`not ${readBy(user)}` : readBy(user)),
    },
  },
  ...newsletterOrdering,
  toItem: (row) => ({ ...toNewsletter(row), read: toBool(row.read) }),
  // `read` is the caller's own: kept pages are per user, staff's too.
  perCaller: true,
  async opened(db, user, row) {
    if (row.read) return;
    // A second tab at the same moment: the one row stays.
    await db.insertInto('news_reads').values({ newsletter_id: row.id, user_id: user.user_id, read_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'newsletter_id']).doNothing()).execute();
  },
});
