// Newsletters, their one home (design §4-5). Staff manage drafts and published items, for every
// dealer or one dealer group (/api/newsletters/). Dealers read them as news (/api/news/): published
// newsletters for every dealer or for the dealer's own group; another group's item or a draft is 404.
// Staff may read every published item there too. Both lists order and search alike; news writes
// nothing (no POST, PUT or DELETE route).
import type { Kysely, Selectable } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database';
import type { NewslettersTable } from '../db/tables/newsletters';
import { nowIso, toBool, toIso } from '../db/dialect';
import { datesBetween, defineArea } from '../lib/area';
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
  async create({ trx, body }) {
    const now = nowIso();
    const row = await trx.insertInto('newsletters').values({
      title: body.title.trim(), body: body.body, audience_group_id: body.audience, published: body.published,
      published_at: body.published ? now : null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  remove: 'row',
  async update({ trx, body }, current) {
    // Publishing stamps the time once; a withdrawn item loses it.
    const publishedAt = body.published ? (current.published_at ?? nowIso()) : null;
    await trx.updateTable('newsletters').set({
      title: body.title.trim(), body: body.body, audience_group_id: body.audience, published: body.published,
      published_at: toIso(publishedAt),
    }).where('id', '=', current.id).execute();
  },
});

/** News as dealers read it: the published newsletters for them. */
export const news = defineArea({
  area: 'news',
  path: '/news/',
  table: 'newsletters',
  item: NewsletterSchema,
  select: (db: Kysely<Database>) => db.selectFrom('newsletters').selectAll('newsletters').where('newsletters.published', '=', true),
  own: (query, user) => query.where((eb) => eb.or([
    eb('newsletters.audience_group_id', 'is', null),
    eb('newsletters.audience_group_id', 'in', eb.selectFrom('dealers').select('dealers.group_id').where('dealers.id', '=', user.dealer ?? -1)),
  ])),
  filters: datesBetween('newsletters.published_at', 'published'),
  ...newsletterOrdering,
  toItem: toNewsletter,
});
