// News for dealers (/api/news/: published, for everyone or for the dealer's group). Staff manage
// every newsletter, drafts included, in areas/newsletters.ts (/api/newsletters/).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { list } from '../lib/list';
import { newsletterOrdering, toNewsletter } from '../repositories/newsletters';
import { errorResponses, Page } from '../schemas/common';
import { NewsletterSchema, NewsQuery } from '../schemas/newsletters';

const newsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/news/', {
    config: { permission: { area: 'news', action: 'list' } },
    schema: { querystring: NewsQuery, response: { 200: Page(NewsletterSchema), ...errorResponses } },
  }, async (request) => {
    let query = app.db.selectFrom('newsletters').selectAll('newsletters').where('newsletters.published', '=', true);
    if (request.scope === 'own') {
      const dealerId = request.user!.dealer;
      query = query.where((eb) => eb.or([
        eb('newsletters.audience_group_id', 'is', null),
        eb('newsletters.audience_group_id', 'in',
          eb.selectFrom('dealers').select('dealers.group_id').where('dealers.id', '=', dealerId ?? -1)),
      ]));
    }
    return list(request, query, request.query, { ...newsletterOrdering, idColumn: 'newsletters.id', map: toNewsletter });
  });
};

export default newsRoutes;
