import type { Selectable } from 'kysely';
import type { Static } from 'typebox';
import { toBool, toIso } from '../db/dialect';
import type { NewslettersTable } from '../db/tables/newsletters';
import type { NewsletterSchema } from '../schemas/newsletters';

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

/** How newsletters are ordered and searched, in /api/news/ and in the staff's area alike. */
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
