// News as dealers read it (design §4: /api/news/): published newsletters for every dealer or for the
// dealer's own group; another group's item or a draft is 404. Staff may read every published item
// here too; they manage drafts and audiences in areas/newsletters.ts (/api/newsletters/). The same
// ordering and search as there (repositories/newsletters.ts). Nothing is written here: no POST,
// PUT or DELETE route.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { datesBetween, defineArea } from '../lib/area';
import { newsletterOrdering, toNewsletter } from '../repositories/newsletters';
import { NewsletterSchema } from '../schemas/newsletters';

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
