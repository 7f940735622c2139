// Newsletters as staff manage them (design §4-5): drafts and published items, for every dealer or
// one dealer group. Dealers read the published ones through /api/news/ (areas/news.ts).
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/dialect';
import { defineArea } from '../lib/area';
import { newsletterOrdering, toNewsletter } from '../repositories/newsletters';
import { Nullable, RowId, Text } from '../schemas/common';
import { NewsletterSchema } from '../schemas/newsletters';

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
